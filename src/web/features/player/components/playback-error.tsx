import { TriangleAlert } from "lucide-react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { playerText } from "#web/i18n/player.ts";
import { type PlaybackFailure, playbackErrorMessage } from "../lib/playback-errors.ts";

/** spec §8 Playback errors: 'Erreur de lecture vidéo', what went wrong, retry or go back. */
export function PlaybackError({
  failure,
  onRetry,
  onBack,
}: {
  failure: PlaybackFailure;
  onRetry: () => void;
  onBack: () => void;
}) {
  return (
    <div role="alert" className="absolute inset-0 z-20 grid place-items-center bg-black/80 px-6 text-center">
      <div className="max-w-md">
        <TriangleAlert className="mx-auto size-10 text-accent" aria-hidden="true" />
        <h2 className="mt-4 text-2xl font-bold">{playerText.errors.title}</h2>
        <p className="mt-2 text-muted">{playbackErrorMessage(failure)}</p>
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" className={buttonStyles()} onClick={onRetry}>
            {playerText.retry}
          </button>
          <button type="button" className={buttonStyles({ variant: "outline" })} onClick={onBack}>
            {playerText.back}
          </button>
        </div>
      </div>
    </div>
  );
}
