import type { SessionUser } from "#contract/auth";
import { Avatar } from "#web/components/ui/avatar.tsx";

/** The member's avatar in the header and the menu: the same look as on the profile (built-in included). */
export function UserAvatar({
  user,
  className = "size-8 text-sm",
}: {
  user: SessionUser;
  className?: string;
}) {
  return <Avatar username={user.username} avatar={user.avatar} className={className} />;
}

/** The member's avatar, name and e-mail: the top of the user menu and of the compact nav's account section. */
export function UserIdentity({ user, className = "" }: { user: SessionUser; className?: string }) {
  return (
    <div className={`flex items-center gap-3 px-3 pb-3 ${className}`}>
      <UserAvatar user={user} className="size-10 text-base" />
      <div className="min-w-0">
        <p className="truncate font-semibold text-fg">{user.username}</p>
        <p className="text-sm [overflow-wrap:anywhere] text-muted">{user.email}</p>
      </div>
    </div>
  );
}
