import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Clapperboard, LayoutGrid, RefreshCw, TriangleAlert } from "lucide-react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { VideoGrid, VideoGridSkeleton } from "#web/features/catalogue/components/video-grid.tsx";
import { fr } from "#web/i18n/fr.ts";
import { serverMessage } from "#web/lib/api.ts";
import { formatInteger } from "#web/lib/format.ts";
import { genreVideosOptions } from "../api/pages-queries.ts";

/**
 * The Categories page's grid: the videos of one genre (or all), newest first, 24 at a time with
 * 'Voir plus'; skeletons on the first load; while another genre loads the previous grid stays,
 * dimmed, so the page does not jump. Empty genre: a sentence and a button to show everything.
 */
export function GenreVideos({ genre, onShowAll }: { genre: string | null; onShowAll: () => void }) {
  const t = fr.categoriesPage;
  const list = useInfiniteQuery({ ...genreVideosOptions(genre), placeholderData: keepPreviousData });
  const videos = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const switching = list.isPlaceholderData;

  if (list.isError && !list.data) {
    return (
      <StateMessage
        alert
        icon={TriangleAlert}
        title={t.errorTitle}
        text={serverMessage(list.error, fr.common.genericError)}
        action={
          <button type="button" className={buttonStyles()} onClick={() => void list.refetch()}>
            <RefreshCw aria-hidden="true" />
            {fr.common.retry}
          </button>
        }
      />
    );
  }

  return (
    <div>
      <p role="status" className="mb-5 flex h-6 items-center gap-3 text-base text-muted">
        {list.data && !switching ? (
          <span className="font-semibold text-fg tabular-nums">
            {t.shown(total, formatInteger(total), genre)}
          </span>
        ) : (
          <span className="sr-only">{t.loading}</span>
        )}
        {list.isFetching && !list.isFetchingNextPage && list.data && <Spinner className="size-5" />}
      </p>

      {!list.data ? (
        <VideoGridSkeleton count={12} />
      ) : videos.length === 0 ? (
        genre === null ? (
          <StateMessage icon={Clapperboard} title={t.catalogueEmptyTitle} text={t.catalogueEmptyText} />
        ) : (
          <StateMessage
            icon={LayoutGrid}
            title={t.emptyTitle}
            text={t.emptyText(genre)}
            action={
              <button type="button" className={buttonStyles()} onClick={onShowAll}>
                {t.showAll}
              </button>
            }
          />
        )
      ) : (
        <div className={`transition-opacity ${switching ? "opacity-60" : ""}`} aria-busy={switching}>
          <VideoGrid videos={videos} eagerCount={6} />
          {list.hasNextPage && (
            <div className="mt-10 flex justify-center">
              <button
                type="button"
                className={buttonStyles({ variant: "outline" })}
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage && <Spinner className="size-4" />}
                {t.loadMore}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
