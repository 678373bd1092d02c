/**
 * spec §2 Admin, SECURITY-CHECKLIST 17: some accounts cannot be deleted or gifted
 * (PROTECTED_ACCOUNTS, by username or e-mail, case-insensitive). The member's own account deletion
 * checks it today, the administration routes will.
 */
export function isProtectedAccount(
  protectedAccounts: string[],
  account: { username: string; email: string },
) {
  return (
    protectedAccounts.includes(account.username.toLowerCase()) ||
    protectedAccounts.includes(account.email.toLowerCase())
  );
}
