import { useQuery } from "@tanstack/react-query";
import { Eye, MessageSquareText, RefreshCw, Star, TriangleAlert, Trophy } from "lucide-react";
import { Link } from "react-router";
import { TOP_RATED_BADGES, TOP_RATED_DEFAULT } from "#contract/catalogue-pages";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { pageGutter } from "#web/components/ui/layout.ts";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { VideoCard, VideoCardSkeleton } from "#web/features/catalogue/components/video-card.tsx";
import { formatCompactViews } from "#web/features/catalogue/lib/format-views.ts";
import { topRatedOptions } from "#web/features/catalogue-pages/api/pages-queries.ts";
import { RankBadge } from "#web/features/catalogue-pages/components/rank-badge.tsx";
import { StatTiles } from "#web/features/catalogue-pages/components/stat-tiles.tsx";
import { fr } from "#web/i18n/fr.ts";
import { serverMessage } from "#web/lib/api.ts";
import { formatInteger, formatRating } from "#web/lib/format.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/** Same columns as the catalogue grid (2 on a phone up to 6). */
const columns =
  "grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 xl:gap-x-5";

/**
 * /top-rated — spec §2 "Top-rated": up to 12 videos, the first three with rank badges, summary
 * stats; spec §7: refreshed every 30 s. A refresh swaps the data in place (the old list stays
 * until the new one arrives), so nothing moves under the cursor.
 */
export default function TopRatedRoute() {
  const t = fr.topRatedPage;
  useDocumentTitle(fr.screens.topRated);
  const { data, isError, error, refetch, isRefetching } = useQuery(topRatedOptions());
  const stats = data?.stats;

  return (
    <section className={`${pageGutter} pt-24 pb-20 lg:pt-28`}>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{fr.screens.topRated}</h1>
      <p className="mt-2 text-muted">{t.intro}</p>

      {isError && !data ? (
        <div className="mt-8">
          <StateMessage
            alert
            icon={TriangleAlert}
            title={t.errorTitle}
            text={serverMessage(error, fr.common.genericError)}
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
      ) : data && data.items.length === 0 ? (
        <div className="mt-8">
          <StateMessage
            icon={Trophy}
            title={t.emptyTitle}
            text={t.emptyText}
            action={
              <Link to="/browse" className={buttonStyles()}>
                {t.emptyAction}
              </Link>
            }
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
                  caption: stats ? fr.video.views(stats.totalViews, formatInteger(stats.totalViews)) : null,
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
                  <VideoCard video={video} eager={index < 6} />
                </li>
              ))}
            </ol>
          ) : (
            <div role="status" aria-busy="true">
              <span className="sr-only">{t.loading}</span>
              <div aria-hidden="true" className={columns}>
                {Array.from({ length: TOP_RATED_DEFAULT }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <VideoCardSkeleton key={index} />
                ))}
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}
