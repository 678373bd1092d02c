import { CalendarDays, Pencil } from "lucide-react";
import type { SessionUser } from "#contract/auth";
import { Avatar as MemberAvatar } from "#web/components/ui/avatar.tsx";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { memberText } from "#web/i18n/member.ts";
import { formatMonthYear } from "../lib/format-member.ts";

/** spec §2 Profile: name, e-mail, member since (month and year, Paris), the edit button. */
export function ProfileHeader({ user, onEdit }: { user: SessionUser; onEdit: () => void }) {
  return (
    <div className="flex flex-col gap-5 rounded-3xl border border-line bg-gradient-to-br from-surface-2 to-surface p-5 sm:flex-row sm:items-center sm:p-7">
      <MemberAvatar username={user.username} avatar={user.avatar} className="size-20 text-3xl sm:size-24" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">
          {memberText.roles[user.role]}
        </p>
        <h1 className="mt-1 truncate text-3xl font-extrabold tracking-tight sm:text-4xl">{user.username}</h1>
        <p className="mt-1 truncate text-muted">{user.email}</p>
        <p className="mt-2 flex items-center gap-2 text-sm text-muted">
          <CalendarDays className="size-4" aria-hidden="true" />
          {memberText.memberSince(formatMonthYear(user.createdAt))}
        </p>
      </div>
      <button
        type="button"
        className={`${buttonStyles({ variant: "secondary" })} self-start sm:self-center`}
        onClick={onEdit}
      >
        <Pencil aria-hidden="true" />
        {memberText.editProfile}
      </button>
    </div>
  );
}
