import { useQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { pageGutter } from "#web/components/ui/layout.ts";
import { homeOptions } from "#web/features/catalogue/api/video-queries.ts";
import {
  CatalogueEmpty,
  CatalogueError,
  RailsScreenSkeleton,
} from "#web/features/catalogue/components/catalogue-state.tsx";
import { VideoGrid } from "#web/features/catalogue/components/video-grid.tsx";
import { VideoHero } from "#web/features/catalogue/components/video-hero.tsx";
import { VideoRail } from "#web/features/catalogue/components/video-rail.tsx";
import { useHeroVideo } from "#web/features/catalogue/hooks/use-hero-video.ts";
import { ContinueWatchingRail } from "#web/features/history/components/continue-watching-rail.tsx";
import { useContinueWatching } from "#web/features/history/hooks/use-history.ts";
import { homeText } from "#web/i18n/catalogue.ts";
import { screenTitles } from "#web/i18n/common.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { useFirstAnswerDeferred } from "#web/lib/use-first-answer-deferred.ts";
import { libraryCardActions } from "../slots/video-slots.tsx";

/**
 * / — spec §2 Home: a hero picked at random among the first 10 of the catalogue, the rails of the
 * spec in its order (empty ones hidden), and 'Découvrir plus' as a grid of up to 6 columns.
 * Every rail comes from one request (GET /api/home).
 */
export default function HomeRoute() {
  useDocumentTitle(undefined);
  const t = homeText;
  // A member's 'Reprendre la lecture' loads next to the catalogue, not after it (see its rail).
  useContinueWatching();
  const { data: loaded, isError, error, refetch, isRefetching } = useQuery(homeOptions());
  const data = useFirstAnswerDeferred(loaded);
  const hero = useHeroVideo(data?.hero);

  return (
    <>
      <h1 className="sr-only">{screenTitles.home}</h1>

      {isError ? (
        <CatalogueError error={error} retrying={isRefetching} onRetry={() => void refetch()} />
      ) : !data ? (
        <RailsScreenSkeleton rails={3} />
      ) : data.discover.length === 0 || !hero ? (
        <CatalogueEmpty
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
      ) : (
        <>
          <VideoHero video={hero} eyebrow={t.featured} />
          <div className="relative space-y-8 pt-4 pb-24 sm:space-y-10 md:-mt-4">
            <ContinueWatchingRail />
            {/* Spec §2's order. The first rail is drawn at once (its first posters are the phone's
                largest paint); the others when the reader gets near them (issue 14). */}
            {[
              { title: t.rails.trending, videos: data.trending },
              { title: t.rails.premium, videos: data.premium },
              { title: t.rails.newest, videos: data.newest },
              { title: t.rails.movies, videos: data.movies },
              { title: t.rails.series, videos: data.series },
              ...data.genres.map((genre) => ({ title: t.rails.genre(genre.name), videos: genre.items })),
            ].map((rail, index) => (
              <VideoRail
                key={rail.title}
                title={rail.title}
                videos={rail.videos}
                cardActions={libraryCardActions}
                {...(index === 0 ? { eagerCount: 3 } : { deferred: true })}
              />
            ))}
            <section aria-labelledby="discover-title" className={`${pageGutter} pt-2`}>
              <h2 id="discover-title" className="mb-4 text-lg font-bold tracking-tight sm:text-xl">
                {t.rails.discover}
              </h2>
              <VideoGrid videos={data.discover} cardActions={libraryCardActions} deferred />
            </section>
          </div>
        </>
      )}
    </>
  );
}
