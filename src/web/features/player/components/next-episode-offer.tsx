import { useId } from "react";
import type { EpisodeSummary } from "#contract/video-detail";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { playerText } from "#web/i18n/player.ts";

/** spec §2 Player: the next episode at the end of one, with its countdown when autoplay is on. */
export function NextEpisodeOffer({
  episode,
  countdown,
  onPlayNow,
  onCancel,
}: {
  episode: EpisodeSummary;
  /** Seconds left, or -1 when offered without a countdown. */
  countdown: number;
  onPlayNow: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="absolute right-4 bottom-28 z-20 w-[min(22rem,calc(100vw-2rem))] animate-fade-in rounded-2xl border border-white/10 bg-surface/95 p-5 shadow-2xl sm:right-6"
    >
      <p id={titleId} className="text-xs font-bold tracking-[0.14em] text-muted uppercase">
        {playerText.nextEpisode}
      </p>
      <p className="mt-1 font-semibold">
        {playerText.episodeLabel(episode.seasonNumber, episode.episodeNumber)} · {episode.title}
      </p>
      {countdown >= 0 && (
        // A timer is not read at each second (it was, as a live region): « Lire maintenant » has the
        // focus and says what comes.
        <p role="timer" className="mt-1 text-sm text-muted">
          {playerText.nextIn(countdown)}
        </p>
      )}
      <div className="mt-4 flex gap-3">
        <button
          type="button"
          // biome-ignore lint/a11y/noAutofocus: the end of an episode's one question; Enter answers it
          autoFocus
          aria-describedby={titleId}
          className={buttonStyles({ size: "sm" })}
          onClick={onPlayNow}
        >
          {playerText.playNow}
        </button>
        <button type="button" className={buttonStyles({ variant: "outline", size: "sm" })} onClick={onCancel}>
          {playerText.cancel}
        </button>
      </div>
    </section>
  );
}
