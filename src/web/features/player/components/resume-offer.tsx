import { Play, RotateCcw } from "lucide-react";
import { useId } from "react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { playerText } from "#web/i18n/player.ts";
import { formatClock } from "../lib/playback-errors.ts";

/** spec §5 resume: where the member stopped (inside the spec's window), 'Reprendre' or 'Recommencer'. */
export function ResumeOffer({
  at,
  onResume,
  onRestart,
}: {
  at: number;
  onResume: () => void;
  onRestart: () => void;
}) {
  // Its box is named by its question, and « Reprendre », which has the focus, says where.
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="absolute bottom-28 left-4 z-20 w-[min(24rem,calc(100vw-2rem))] animate-fade-in rounded-2xl border border-white/10 bg-surface/95 p-5 shadow-2xl backdrop-blur-md sm:left-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {playerText.resumeTitle}
      </h2>
      <p id={`${id}-at`} className="mt-1 text-sm text-muted">
        {playerText.resumeAt(formatClock(at))}
      </p>
      <div className="mt-4 flex gap-3">
        <button
          type="button"
          // biome-ignore lint/a11y/noAutofocus: the player's one question; Enter answers it
          autoFocus
          aria-describedby={`${id}-at`}
          className={buttonStyles({ size: "sm" })}
          onClick={onResume}
        >
          <Play className="fill-current" aria-hidden="true" />
          {playerText.resume}
        </button>
        <button
          type="button"
          className={buttonStyles({ variant: "outline", size: "sm" })}
          onClick={onRestart}
        >
          <RotateCcw aria-hidden="true" />
          {playerText.restart}
        </button>
      </div>
    </section>
  );
}
