import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Clapperboard, LayoutGrid } from "lucide-react";
import type { ReactNode } from "react";
import type { VideoSummary } from "#contract/catalogue";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { QueryLoadError } from "#web/components/ui/load-error.tsx";
import { LoadMoreButton } from "#web/components/ui/load-more-button.tsx";
import { PosterGridSkeleton } from "#web/components/ui/poster-grid.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { categoriesPageText } from "#web/i18n/catalogue-pages.ts";
import { commonText } from "#web/i18n/common.ts";
import { serverMessage } from "#web/lib/api.ts";
import { formatEstimate, formatInteger } from "#web/lib/format.ts";
import { genreVideosOptions } from "../api/pages-queries.ts";

/**
 * The Categories page's grid: the videos of one genre (or all), newest first, 24 at a time with
 * 'Voir plus'; skeletons on the first load; while another genre loads the previous grid stays,
 * dimmed, so the page does not jump. Empty genre: a sentence and a button to show everything.
 */
export function GenreVideos({
  genre,
  onShowAll,
  renderVideos,
}: {
  genre: string | null;
  onShowAll: () => void;
  /** Draws the cards: the screen passes the catalogue's grid (docs/decisions/010). */
  renderVideos: (videos: readonly VideoSummary[], options: { eagerCount: number }) => ReactNode;
}) {
  const t = categoriesPageText;
  const list = useInfiniteQuery({ ...genreVideosOptions(genre), placeholderData: keepPreviousData });
  const videos = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const estimate = list.data?.pages[0]?.totalIsEstimate ?? false;
  const switching = list.isPlaceholderData;

  if (list.isError && !list.data) {
    return (
      <QueryLoadError
        title={t.errorTitle}
        text={serverMessage(list.error, commonText.genericError)}
        query={list}
      />
    );
  }

  return (
    <div>
      <p role="status" className="mb-5 flex h-6 items-center gap-3 text-base text-muted">
        {list.data && !switching ? (
          <span className="font-semibold text-fg tabular-nums">
            {t.shown(total, estimate ? formatEstimate(total) : formatInteger(total), genre, estimate)}
          </span>
        ) : (
          <span className="sr-only">{t.loading}</span>
        )}
        {list.isFetching && !list.isFetchingNextPage && list.data && <Spinner className="size-5" />}
      </p>

      {!list.data ? (
        <PosterGridSkeleton count={12} />
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
          {renderVideos(videos, { eagerCount: 6 })}
          <LoadMoreButton label={t.loadMore} list={list} />
        </div>
      )}
    </div>
  );
}
