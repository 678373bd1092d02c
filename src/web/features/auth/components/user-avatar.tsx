import type { SessionUser } from "#contract/auth";

/** First letter of the username, capitalised ("zoé" → "Z"); a dot for an empty name. */
export function avatarInitial(username: string): string {
  const first = Array.from(username.trim())[0];
  return first ? first.toLocaleUpperCase("fr-FR") : "·";
}

/** The member's picture, or their initial on the accent colour. Decorative: the name is said next to it. */
export function UserAvatar({
  user,
  className = "size-8 text-sm",
}: {
  user: SessionUser;
  className?: string;
}) {
  if (user.avatar && /^(\/|https:\/\/)/.test(user.avatar)) {
    return (
      <img
        src={user.avatar}
        alt=""
        width={32}
        height={32}
        className={`${className} shrink-0 rounded-full object-cover ring-1 ring-white/15`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${className} grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-accent to-[#e0702a] font-bold text-on-accent ring-1 ring-white/15`}
    >
      {avatarInitial(user.username)}
    </span>
  );
}
