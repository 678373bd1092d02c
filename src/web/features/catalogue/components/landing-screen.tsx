import { useQuery } from "@tanstack/react-query";
import { Clapperboard } from "lucide-react";
import { Link } from "react-router";
import type { VideoType } from "#contract/catalogue";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { pageGutter } from "#web/components/ui/layout.ts";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { fr } from "#web/i18n/fr.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { landingOptions } from "../api/video-queries.ts";
import { useHeroVideo } from "../hooks/use-hero-video.ts";
import { CatalogueError, RailsScreenSkeleton } from "./catalogue-state.tsx";
import { VideoHero } from "./video-hero.tsx";
import { VideoRail } from "./video-rail.tsx";

const screens = {
  movie: { title: fr.screens.movies, otherHref: "/series" },
  series: { title: fr.screens.series, otherHref: "/movies" },
} as const;

/**
 * /movies and /series — spec §2 Series and Films pages: a hero (random among the 10 newest of the
 * type) and three rows of 10: popular (views), new (year) and best rated; an empty state.
 */
export function LandingScreen({ type }: { type: VideoType }) {
  const screen = screens[type];
  const t = fr.landing[type];
  useDocumentTitle(screen.title);
  const { data, isPending, isError, error, refetch, isRefetching } = useQuery(landingOptions(type));
  const hero = useHeroVideo(data?.hero);

  return (
    <>
      <h1 className="sr-only">{screen.title}</h1>
      {isPending ? (
        <RailsScreenSkeleton rails={3} />
      ) : isError ? (
        <CatalogueError error={error} retrying={isRefetching} onRetry={() => void refetch()} />
      ) : !hero ? (
        <div className={`${pageGutter} pt-32 pb-20`}>
          <StateMessage
            icon={Clapperboard}
            title={t.emptyTitle}
            text={t.emptyText}
            action={
              <Link to={screen.otherHref} className={buttonStyles({ variant: "outline" })}>
                {t.emptyLink}
              </Link>
            }
          />
        </div>
      ) : (
        <>
          <VideoHero video={hero} eyebrow={fr.home.featured} />
          <div className="relative space-y-8 pt-4 pb-24 sm:space-y-10 md:-mt-4">
            <VideoRail title={t.popular} videos={data.popular} />
            <VideoRail title={t.newest} videos={data.newest} />
            <VideoRail title={t.topRated} videos={data.topRated} />
          </div>
        </>
      )}
    </>
  );
}
