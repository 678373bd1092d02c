import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { SearchX, TriangleAlert } from "lucide-react";
import { type ReactNode, useId } from "react";
import type { VideoSummary } from "#contract/catalogue";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { VideoCard } from "#web/features/catalogue/components/video-card.tsx";
import { VideoGrid, VideoGridSkeleton } from "#web/features/catalogue/components/video-grid.tsx";
import { fr } from "#web/i18n/fr.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";
import { formatInteger } from "#web/lib/format.ts";
import { discoveryListOptions } from "../api/discovery-queries.ts";
import { type DiscoveryState, effectiveQuery, groupByCategory } from "../discovery-params.ts";

/** The server's French message for a refused filter or search (e.g. over 100 characters). */
function errorText(error: unknown): string {
  if (isApiRequestError(error) && error.fields) {
    const first = Object.values(error.fields)[0];
    if (first) return first;
  }
  return serverMessage(error, fr.discovery.errorTitle);
}

/**
 * spec §2 Explore and Search: 'N résultat(s)' plus the query (a live region), a spinner while
 * searching, the videos (grouped by category in the Moderne view), 'Voir plus', and the empty
 * state 'Aucun résultat trouvé' with its buttons and, on the search page, suggestions.
 */
export function DiscoveryResults({
  state,
  toolbar,
  categoryOrder = [],
  emptyActions,
  emptyExtra,
}: {
  state: DiscoveryState;
  toolbar?: ReactNode;
  categoryOrder?: readonly string[];
  emptyActions: ReactNode;
  emptyExtra?: ReactNode;
}) {
  const list = useInfiniteQuery({ ...discoveryListOptions(state), placeholderData: keepPreviousData });
  const videos = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const totalIsLowerBound = list.data?.pages[0]?.totalIsLowerBound ?? false;
  const query = effectiveQuery(state.q);
  const searching = list.isFetching && !list.isFetchingNextPage;

  if (list.isError && !list.data) {
    return (
      <StateMessage
        icon={TriangleAlert}
        alert
        title={fr.discovery.errorTitle}
        text={errorText(list.error)}
        action={emptyActions}
      />
    );
  }

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <p role="status" className="flex items-center gap-3 text-base text-muted">
          {list.data ? (
            <span>
              <strong className="font-semibold text-fg tabular-nums">
                {fr.discovery.results(total, formatInteger(total), totalIsLowerBound)}
              </strong>
              {query && <> {fr.discovery.forQuery(query)}</>}
            </span>
          ) : (
            <span className="sr-only">{fr.discovery.searching}</span>
          )}
          {searching && <Spinner className="size-5" />}
        </p>
        {toolbar}
      </div>

      {!list.data ? (
        <VideoGridSkeleton count={12} />
      ) : videos.length === 0 ? (
        <div className={searching ? "opacity-60" : ""}>
          <StateMessage
            icon={SearchX}
            title={fr.discovery.noResults}
            text={fr.discovery.noResultsText}
            action={emptyActions}
          />
          {emptyExtra}
        </div>
      ) : (
        <div className={`transition-opacity ${searching ? "opacity-60" : ""}`} aria-busy={searching}>
          {state.view === "modern" ? (
            <GroupedVideos videos={videos} order={categoryOrder} selected={state.categories} />
          ) : (
            <VideoGrid videos={videos} eagerCount={6} />
          )}
          {list.hasNextPage && (
            <div className="mt-10 flex justify-center">
              <button
                type="button"
                className={buttonStyles({ variant: "outline" })}
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage && <Spinner className="size-4" />}
                {fr.discovery.loadMore}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** Moderne: one section per category, 5 columns on wide screens, empty sections left out. */
function GroupedVideos({
  videos,
  order,
  selected,
}: {
  videos: readonly VideoSummary[];
  order: readonly string[];
  selected: readonly string[];
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
              {fr.discovery.sectionCount(group.videos.length, formatInteger(group.videos.length))}
            </span>
          </h2>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-5 xl:gap-x-5">
            {group.videos.map((video) => (
              <li key={video.id}>
                <VideoCard video={video} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
