import { Camera, Clapperboard, Drama, Film, type LucideIcon, Popcorn, Star } from "lucide-react";
import { useState } from "react";
import type { BuiltinAvatar } from "#contract/member";

/** The built-in avatars (contract: `builtin:<name>`), drawn here: no image from any other site. */
export const builtinAvatarIcons: Record<BuiltinAvatar, { icon: LucideIcon; tint: string }> = {
  bobine: { icon: Film, tint: "from-accent to-[#e0702a]" },
  clap: { icon: Clapperboard, tint: "from-[#60a5fa] to-[#4f46e5]" },
  etoile: { icon: Star, tint: "from-[#facc15] to-[#f97316]" },
  popcorn: { icon: Popcorn, tint: "from-[#fb7185] to-[#be123c]" },
  masque: { icon: Drama, tint: "from-[#a78bfa] to-[#7c3aed]" },
  camera: { icon: Camera, tint: "from-[#34d399] to-[#0f766e]" },
};

export const builtinName = (avatar: string | null): BuiltinAvatar | null => {
  const name = avatar?.startsWith("builtin:") ? avatar.slice("builtin:".length) : null;
  return name && name in builtinAvatarIcons ? (name as BuiltinAvatar) : null;
};

/** First letter of the username, capitalised ("zoé" → "Z"); a dot for an empty name. */
export function avatarInitial(username: string): string {
  const first = Array.from(username.trim())[0];
  return first ? first.toLocaleUpperCase("fr-FR") : "·";
}

/**
 * A member's avatar, wherever it shows (the header, the menu, the profile): a built-in one, an
 * https (or same-site) image, or their initial (also when the image does not load). Decorative:
 * the name is said next to it.
 */
export function Avatar({
  username,
  avatar,
  className = "size-20 text-3xl",
}: {
  username: string;
  avatar: string | null;
  className?: string;
}) {
  // The address that would not load (gone, not an image): the initial stands in for it.
  const [failed, setFailed] = useState<string | null>(null);
  const builtin = builtinName(avatar);
  if (builtin) {
    const { icon: Icon, tint } = builtinAvatarIcons[builtin];
    return (
      <span
        aria-hidden="true"
        data-avatar={builtin}
        className={`${className} scheme-dark grid shrink-0 place-items-center rounded-full bg-gradient-to-br ${tint} text-white ring-1 ring-white/15`}
      >
        <Icon className="size-[45%]" />
      </span>
    );
  }
  if (avatar && avatar !== failed && /^(\/(?!\/)|https:\/\/)/.test(avatar)) {
    return (
      <img
        src={avatar}
        alt=""
        width={80}
        height={80}
        onError={() => setFailed(avatar)}
        referrerPolicy="no-referrer"
        className={`${className} shrink-0 rounded-full object-cover ring-1 ring-white/15`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${className} grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-accent to-[#e0702a] font-bold text-on-accent ring-1 ring-white/15`}
    >
      {avatarInitial(username)}
    </span>
  );
}
