import { useQuery } from "@tanstack/react-query";
import { Clapperboard, RefreshCw, TriangleAlert } from "lucide-react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { pageGutter } from "#web/components/ui/layout.ts";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { videoListOptions } from "#web/features/catalogue/api/video-queries.ts";
import { VideoGrid, VideoGridSkeleton } from "#web/features/catalogue/components/video-grid.tsx";
import { VideoHero, VideoHeroSkeleton } from "#web/features/catalogue/components/video-hero.tsx";
import { useHeroVideo } from "#web/features/catalogue/hooks/use-hero-video.ts";
import { fr } from "#web/i18n/fr.ts";
import { isApiRequestError } from "#web/lib/api.ts";
import { formatInteger } from "#web/lib/format.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/** The API's page size cap; the demo catalogue fits in one page. */
const HOME_LIMIT = 100;

/**
 * / — spec §2 Home. For now a hero and the whole catalogue as a poster grid; the catalogue issue
 * replaces the grid with the spec's rails.
 */
export default function HomeRoute() {
  useDocumentTitle(undefined);
  const t = fr.home;
  const { data, isPending, isError, error, refetch, isRefetching } = useQuery(
    videoListOptions({ limit: HOME_LIMIT }),
  );
  const hero = useHeroVideo(data?.items);

  return (
    <>
      <h1 className="sr-only">{fr.screens.home}</h1>

      {isPending ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">{t.loading}</span>
          <VideoHeroSkeleton />
          <div className={`${pageGutter} pb-20`}>
            <div aria-hidden="true" className="skeleton mb-6 h-7 w-56 rounded-md" />
            <VideoGridSkeleton count={12} />
          </div>
        </div>
      ) : isError ? (
        <div className={`${pageGutter} pt-32 pb-20`}>
          <StateMessage
            alert
            icon={TriangleAlert}
            title={t.errorTitle}
            text={`${isApiRequestError(error) ? error.message : fr.common.genericError} ${t.errorHint}`}
            action={
              <button
                type="button"
                className={buttonStyles()}
                disabled={isRefetching}
                onClick={() => void refetch()}
              >
                <RefreshCw className={isRefetching ? "animate-spin" : undefined} aria-hidden="true" />
                {fr.common.retry}
              </button>
            }
          />
        </div>
      ) : data.items.length === 0 || !hero ? (
        <div className={`${pageGutter} pt-32 pb-20`}>
          <StateMessage
            icon={Clapperboard}
            title={t.emptyTitle}
            text={t.emptyText}
            action={
              <button
                type="button"
                className={buttonStyles({ variant: "outline" })}
                onClick={() => void refetch()}
              >
                <RefreshCw aria-hidden="true" />
                {t.refresh}
              </button>
            }
          />
        </div>
      ) : (
        <>
          <VideoHero video={hero} eyebrow={t.featured} />
          <section aria-labelledby="catalogue-title" className={`${pageGutter} relative pt-4 pb-24 md:-mt-4`}>
            <div className="mb-6 flex items-baseline gap-3">
              <h2 id="catalogue-title" className="text-xl font-bold tracking-tight sm:text-2xl">
                {t.catalogueTitle}
              </h2>
              <p className="text-sm text-muted tabular-nums">
                {t.titleCount(data.total, formatInteger(data.total))}
              </p>
            </div>
            <VideoGrid videos={data.items} />
          </section>
        </>
      )}
    </>
  );
}
