import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { SearchX, TriangleAlert } from "lucide-react";
import { type ReactNode, useId } from "react";
import type { VideoSummary } from "#contract/catalogue";
import { LoadMoreButton } from "#web/components/ui/load-more-button.tsx";
import { type PosterGridLayout, PosterGridSkeleton } from "#web/components/ui/poster-grid.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { discoveryText } from "#web/i18n/search.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";
import { formatEstimate, formatInteger } from "#web/lib/format.ts";
import { useFirstAnswerDeferred } from "#web/lib/use-first-answer-deferred.ts";
import { discoveryListOptions } from "../api/discovery-queries.ts";
import { type DiscoveryState, effectiveQuery, groupByCategory } from "../lib/discovery-params.ts";

/** The server's French message for a refused filter or search (e.g. over 100 characters). */
function errorText(error: unknown): string {
  if (isApiRequestError(error) && error.fields) {
    const first = Object.values(error.fields)[0];
    if (first) return first;
  }
  return serverMessage(error, discoveryText.errorTitle);
}

/** Draws videos as cards: the screen passes the catalogue's grid (docs/decisions/010). */
export type RenderVideos = (
  videos: readonly VideoSummary[],
  options: { eagerCount?: number; layout?: PosterGridLayout; deferred?: boolean },
) => ReactNode;

/**
 * spec §2 Explore and Search: 'N résultat(s)' plus the query (a live region), a spinner while
 * searching, the videos (grouped by category in the Moderne view), 'Voir plus', and the empty
 * state 'Aucun résultat trouvé' with its buttons and, on the search page, suggestions.
 */
export function DiscoveryResults({
  state,
  renderVideos,
  toolbar,
  categoryOrder = [],
  emptyActions,
  emptyExtra,
}: {
  state: DiscoveryState;
  renderVideos: RenderVideos;
  toolbar?: ReactNode;
  categoryOrder?: readonly string[];
  emptyActions: ReactNode;
  emptyExtra?: ReactNode;
}) {
  const list = useInfiniteQuery({ ...discoveryListOptions(state), placeholderData: keepPreviousData });
  const data = useFirstAnswerDeferred(list.data);
  const videos = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  const totalIsLowerBound = data?.pages[0]?.totalIsLowerBound ?? false;
  const totalIsEstimate = data?.pages[0]?.totalIsEstimate ?? false;
  const query = effectiveQuery(state.q);
  const searching = list.isFetching && !list.isFetchingNextPage;

  if (list.isError && !data) {
    return (
      <StateMessage
        icon={TriangleAlert}
        alert
        title={discoveryText.errorTitle}
        text={errorText(list.error)}
        action={emptyActions}
      />
    );
  }

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        {/* One line high in every state (spinner, count, nothing): the results under it never move. */}
        <p role="status" className="flex min-h-6 items-center gap-3 text-base text-muted">
          {data ? (
            <span>
              <strong className="font-semibold text-fg tabular-nums">
                {discoveryText.results(
                  total,
                  totalIsEstimate ? formatEstimate(total) : formatInteger(total),
                  totalIsLowerBound,
                  totalIsEstimate,
                )}
              </strong>
              {query && <> {discoveryText.forQuery(query)}</>}
            </span>
          ) : (
            <span className="sr-only">{discoveryText.searching}</span>
          )}
          {searching && <Spinner className="size-5" />}
        </p>
        {toolbar}
      </div>

      {!data ? (
        <PosterGridSkeleton count={12} />
      ) : videos.length === 0 ? (
        <div className={searching ? "opacity-60" : ""}>
          <StateMessage
            icon={SearchX}
            title={discoveryText.noResults}
            text={discoveryText.noResultsText}
            action={emptyActions}
          />
          {emptyExtra}
        </div>
      ) : (
        <div className={`transition-opacity ${searching ? "opacity-60" : ""}`} aria-busy={searching}>
          {state.view === "modern" ? (
            <GroupedVideos
              videos={videos}
              order={categoryOrder}
              selected={state.categories}
              renderVideos={renderVideos}
              deferLater={!query}
            />
          ) : (
            renderVideos(videos, { eagerCount: 6 })
          )}
          <LoadMoreButton label={discoveryText.loadMore} list={list} />
        </div>
      )}
    </div>
  );
}

/**
 * The Moderne view's sections drawn with the page; without a search, the next ones draw their
 * cards when the reader gets near them (issue 14: the Explorer's first load drew sixty cards, most
 * far below the fold). A search's results are all drawn: the title sought may be in any section.
 */
const DRAWN_SECTIONS = 2;

/** Moderne: one section per category, 5 columns on wide screens, empty sections left out. */
function GroupedVideos({
  videos,
  order,
  selected,
  renderVideos,
  deferLater,
}: {
  videos: readonly VideoSummary[];
  order: readonly string[];
  selected: readonly string[];
  renderVideos: RenderVideos;
  deferLater: boolean;
}) {
  const prefix = useId();
  return (
    <div className="flex flex-col gap-12">
      {groupByCategory(videos, order, selected).map((group, index) => (
        <section key={group.name} aria-labelledby={`${prefix}-${index}`}>
          <h2
            id={`${prefix}-${index}`}
            className="mb-4 flex items-baseline gap-3 text-xl font-bold tracking-tight"
          >
            {group.name}
            <span className="text-sm font-medium text-muted">
              {discoveryText.sectionCount(group.videos.length, formatInteger(group.videos.length))}
            </span>
          </h2>
          {/* The first section's first row is the screen's largest paint on arrival: not lazy. */}
          {renderVideos(group.videos, {
            layout: "section",
            eagerCount: index === 0 ? 6 : 0,
            deferred: deferLater && index >= DRAWN_SECTIONS,
          })}
        </section>
      ))}
    </div>
  );
}
