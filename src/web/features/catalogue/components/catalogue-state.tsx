import { Clapperboard } from "lucide-react";
import type { ReactNode } from "react";
import { pageGutter } from "#web/components/ui/layout.ts";
import { LoadError } from "#web/components/ui/load-error.tsx";
import { RailSkeleton } from "#web/components/ui/rail.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { homeText } from "#web/i18n/catalogue.ts";
import { commonText } from "#web/i18n/common.ts";
import { errorMessage } from "#web/lib/api.ts";
import { VideoHeroSkeleton } from "./video-hero.tsx";

/** First load of a screen of rails: the hero's and the rails' boxes, no spinner (DESIGN.md). */
export function RailsScreenSkeleton({ rails = 3 }: { rails?: number }) {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{homeText.loading}</span>
      <VideoHeroSkeleton />
      <div className="relative space-y-8 pt-4 pb-24 md:-mt-4">
        {Array.from({ length: rails }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <RailSkeleton key={index} />
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
  const t = homeText;
  return (
    <div className={`${pageGutter} pt-32 pb-20`}>
      <LoadError
        title={t.errorTitle}
        text={`${errorMessage(error, commonText.genericError)} ${t.errorHint}`}
        retrying={retrying}
        onRetry={onRetry}
      />
    </div>
  );
}

/** The catalogue (or a part of it) is empty: a sentence and a way forward, where the hero would be. */
export function CatalogueEmpty({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <div className={`${pageGutter} pt-32 pb-20`}>
      <StateMessage icon={Clapperboard} title={title} text={text} action={action} />
    </div>
  );
}
