import { RefreshCw, TriangleAlert } from "lucide-react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { pageGutter } from "#web/components/ui/layout.ts";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { fr } from "#web/i18n/fr.ts";
import { isApiRequestError } from "#web/lib/api.ts";
import { VideoHeroSkeleton } from "./video-hero.tsx";
import { VideoRailSkeleton } from "./video-rail.tsx";

/** First load of a screen of rails: the hero's and the rails' boxes, no spinner (DESIGN.md). */
export function RailsScreenSkeleton({ rails = 3 }: { rails?: number }) {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{fr.home.loading}</span>
      <VideoHeroSkeleton />
      <div className="relative space-y-8 pt-4 pb-24 md:-mt-4">
        {Array.from({ length: rails }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <VideoRailSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

/** The catalogue could not be loaded: the server's message and a retry button. */
export function CatalogueError({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  const t = fr.home;
  return (
    <div className={`${pageGutter} pt-32 pb-20`}>
      <StateMessage
        alert
        icon={TriangleAlert}
        title={t.errorTitle}
        text={`${isApiRequestError(error) ? error.message : fr.common.genericError} ${t.errorHint}`}
        action={
          <button type="button" className={buttonStyles()} disabled={retrying} onClick={onRetry}>
            <RefreshCw className={retrying ? "animate-spin" : undefined} aria-hidden="true" />
            {fr.common.retry}
          </button>
        }
      />
    </div>
  );
}
