import { useQuery } from "@tanstack/react-query";
import { Eye, MessageSquareText, Star, Trophy } from "lucide-react";
import { TOP_RATED_BADGES, TOP_RATED_DEFAULT } from "#contract/catalogue-pages";
import { pageGutter } from "#web/components/ui/layout.ts";
import { LoadError } from "#web/components/ui/load-error.tsx";
import { PosterGridSkeleton, usePosterGridClass } from "#web/components/ui/poster-grid.tsx";
import { StatTiles } from "#web/components/ui/stat-tiles.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { VideoCard } from "#web/features/catalogue/components/video-card.tsx";
import { topRatedOptions } from "#web/features/catalogue-pages/api/pages-queries.ts";
import { RankBadge } from "#web/features/catalogue-pages/components/rank-badge.tsx";
import { topRatedText } from "#web/i18n/catalogue-pages.ts";
import { commonText, screenTitles, videoText } from "#web/i18n/common.ts";
import { serverMessage } from "#web/lib/api.ts";
import { formatCompactViews, formatInteger, formatRating } from "#web/lib/format.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { libraryCardActions } from "../slots/video-slots.tsx";

/**
 * /top-rated — spec §2 "Top-rated": up to 12 videos, the first three with rank badges, summary
 * stats; spec §7: refreshed every 30 s. A refresh swaps the data in place (the old list stays
 * until the new one arrives), so nothing moves under the cursor.
 */
export default function TopRatedRoute() {
  const t = topRatedText;
  useDocumentTitle(screenTitles.topRated);
  const { data, isError, error, refetch, isRefetching } = useQuery(topRatedOptions());
  const stats = data?.stats;
  const columns = usePosterGridClass("all");

  return (
    <section className={`${pageGutter} pt-24 pb-20 lg:pt-28`}>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{screenTitles.topRated}</h1>
      <p className="mt-2 text-muted">{t.intro}</p>

      {isError && !data ? (
        <div className="mt-8">
          <LoadError
            title={t.errorTitle}
            text={serverMessage(error, commonText.genericError)}
            retrying={isRefetching}
            onRetry={() => void refetch()}
          />
        </div>
      ) : data && data.items.length === 0 ? (
        <div className="mt-8">
          <StateMessage
            icon={Trophy}
            title={t.emptyTitle}
            text={t.emptyText}
            link={{ to: "/browse", label: t.emptyAction }}
          />
        </div>
      ) : (
        <>
          <div className="mt-8">
            <StatTiles
              label={t.statsLabel}
              tiles={[
                {
                  icon: Star,
                  label: t.averageRating,
                  value: stats ? t.averageRatingValue(formatRating(stats.averageRating)) : null,
                },
                {
                  icon: MessageSquareText,
                  label: t.totalRatings,
                  value: stats ? formatInteger(stats.totalRatings) : null,
                },
                {
                  icon: Eye,
                  label: t.totalViews,
                  value: stats ? formatCompactViews(stats.totalViews) : null,
                  caption: stats ? videoText.views(stats.totalViews, formatInteger(stats.totalViews)) : null,
                },
              ]}
            />
          </div>
          <p className="mt-8 mb-5 text-sm text-muted">{t.refreshNote}</p>
          {data ? (
            <ol aria-label={t.listLabel} className={columns}>
              {data.items.map((video, index) => (
                <li key={video.id} className="relative">
                  {index < TOP_RATED_BADGES && (
                    <RankBadge rank={index + 1} className="absolute -top-3 -right-2 z-10 sm:-right-3" />
                  )}
                  <VideoCard video={video} eager={index < 6} actions={libraryCardActions(video)} />
                </li>
              ))}
            </ol>
          ) : (
            <div role="status" aria-busy="true">
              <span className="sr-only">{t.loading}</span>
              <PosterGridSkeleton count={TOP_RATED_DEFAULT} layout="all" />
            </div>
          )}
        </>
      )}
    </section>
  );
}
