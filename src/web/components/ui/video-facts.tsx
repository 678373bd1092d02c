import type { ReactNode } from "react";
import type { VideoSummary } from "#contract/catalogue";
import { videoText } from "#web/i18n/common.ts";
import { formatInteger, formatMatch } from "#web/lib/format.ts";

/**
 * The facts line under a featured title (spec §2 Home hero, info modal): the percent match (only
 * once rated: a "0 %" would say the opposite of what is known), year, seasons or duration and
 * language, dot-separated; `children` follow (the hero's category tag).
 */
export function VideoFacts({
  video,
  className = "",
  children,
}: {
  video: Pick<
    VideoSummary,
    "year" | "type" | "totalSeasons" | "duration" | "language" | "totalRatings" | "averageRating"
  >;
  className?: string;
  children?: ReactNode;
}) {
  const rated = video.totalRatings > 0;
  const facts = [
    String(video.year),
    video.type === "series"
      ? videoText.seasons(video.totalSeasons, formatInteger(video.totalSeasons))
      : video.duration,
    video.language,
  ].filter(Boolean);
  return (
    <p
      className={`flex flex-wrap items-center gap-x-3 gap-y-1.5 overflow-hidden text-sm font-medium text-fg/90 tabular-nums sm:text-[0.95rem] ${className}`}
    >
      {rated && (
        <span className="font-bold text-accent">{videoText.match(formatMatch(video.averageRating))}</span>
      )}
      {facts.map((fact, index) => (
        // Each dot sits in the gap before its fact; at the start of a wrapped line it falls left of
        // the line, where the overflow hides it (no line begins with a stray « • »).
        <span key={fact} className="relative">
          {(rated || index > 0) && (
            <span
              aria-hidden="true"
              className="absolute top-1/2 -left-2 size-1 -translate-y-1/2 rounded-full bg-fg/45"
            />
          )}
          {fact}
        </span>
      ))}
      {children}
    </p>
  );
}
