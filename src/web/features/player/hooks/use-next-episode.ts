import { useEffect, useState } from "react";
import type { EpisodeSummary } from "#contract/video-detail";

/** The next episode starts after this countdown unless the member cancels. */
export const NEXT_EPISODE_SECONDS = 10;

/**
 * spec §2 Player: at the end of an episode the next one is offered; with autoplay on (the member's
 * setting) it starts after a 10 s countdown, with autoplay off it waits for 'Lire maintenant'.
 * `countdown` is null when nothing is offered, -1 when offered without a countdown.
 */
export function useNextEpisode({
  next,
  autoplay,
  onEpisodeChange,
}: {
  next: EpisodeSummary | undefined;
  autoplay: boolean;
  onEpisodeChange: (episode: EpisodeSummary) => void;
}) {
  const [countdown, setCountdown] = useState<number | null>(null);

  useEffect(() => {
    if (countdown === null || countdown < 0 || !next) return;
    if (countdown === 0) {
      setCountdown(null);
      onEpisodeChange(next);
      return;
    }
    const timer = setTimeout(() => setCountdown((n) => (n === null ? null : n - 1)), 1000);
    return () => clearTimeout(timer);
  }, [countdown, next, onEpisodeChange]);

  return {
    next,
    countdown: next ? countdown : null,
    /** The episode ended: offer the next one, if any. */
    offer: () => {
      if (next) setCountdown(autoplay ? NEXT_EPISODE_SECONDS : -1);
    },
    cancel: () => setCountdown(null),
  };
}

/** The episode after `current` in the series' order (season, then number), if any. */
export function nextEpisodeOf(
  episodes: readonly EpisodeSummary[],
  current: EpisodeSummary | undefined,
): EpisodeSummary | undefined {
  const index = current ? episodes.findIndex((e) => e.id === current.id) : -1;
  return index >= 0 ? episodes[index + 1] : undefined;
}
