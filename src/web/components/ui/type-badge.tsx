import type { VideoSummary } from "#contract/catalogue";
import { videoText } from "#web/i18n/common.ts";

/** SÉRIE or FILM (spec §2 video card). */
export function TypeBadge({ type, className = "" }: { type: VideoSummary["type"]; className?: string }) {
  const tone =
    type === "series"
      ? "bg-accent text-on-accent"
      : "scheme-dark bg-black/55 text-fg ring-1 ring-white/15 backdrop-blur-sm";
  return (
    <span
      className={`inline-flex h-5 items-center rounded px-1.5 text-[0.65rem] leading-none font-extrabold tracking-[0.08em] ${tone} ${className}`}
    >
      {videoText.badge[type]}
    </span>
  );
}
