import { dictionary } from "@zxcvbn-ts/language-common";
import mailchecker from "mailchecker";
import { authMessages, emailRuleViolation } from "#contract/auth";

/** The most common passwords (zxcvbn-ts' ranked list) plus French favourites it lacks. */
const COMMON = new Set<string>([
  ...(dictionary["passwords-common"] as string[]).slice(0, 20_000),
  ...[
    "motdepasse",
    "azerty",
    "azertyuiop",
    "azerty123",
    "soleil",
    "bonjour",
    "marseille",
    "doudou",
    "loulou",
  ],
  ...["chouchou", "jetaime", "bobine", "bobine123", "motdepasse1", "123456789a", "password1!"],
]);

/** French message of the first password rule broken, or null. Length counts characters, not bytes. */
export function passwordViolation(password: string, minLength: number): string | null {
  const length = [...password].length;
  if (length < minLength) return authMessages.passwordTooShort(minLength);
  if (length > 128) return authMessages.passwordTooLong;
  if (COMMON.has(password.toLowerCase())) return authMessages.passwordTooCommon;
  return null;
}

/** Every e-mail rule of spec §5, the temporary-mail list included (mailchecker, maintained). */
export function emailViolation(email: string): string | null {
  const rule = emailRuleViolation(email);
  if (rule) return rule;
  return mailchecker.isValid(email.trim()) ? null : authMessages.emailTemporary;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
