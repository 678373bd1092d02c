import { Compass, History, ListFilter, RefreshCw, Trash2, TriangleAlert } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { HistoryFilter, HistoryItem, HistorySort } from "#contract/history";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { pageGutter } from "#web/components/ui/layout.ts";
import { SignInRequired } from "#web/components/ui/sign-in-required.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { useSession } from "#web/features/auth/hooks/use-session.ts";
import { ClearHistoryDialog } from "#web/features/history/components/clear-history-dialog.tsx";
import { HistoryEntry } from "#web/features/history/components/history-entry.tsx";
import { HistoryToolbar } from "#web/features/history/components/history-toolbar.tsx";
import { useClearHistory, useDeleteHistoryItem, useHistoryList } from "#web/features/history/hooks.ts";
import {
  DEFAULT_HISTORY_FILTER,
  DEFAULT_HISTORY_SORT,
  parseHistoryFilter,
  parseHistorySort,
} from "#web/features/history/lib/history-params.ts";
import { fr } from "#web/i18n/fr.ts";
import { isApiRequestError } from "#web/lib/api.ts";
import { formatInteger } from "#web/lib/format.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/** DESIGN.md: 2 columns on a 360 px phone up to 6 on wide screens (as the catalogue grids). */
const columns =
  "grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 xl:gap-x-5";

/**
 * /history — spec §2 History: filter and sort (kept in the URL), cards with a progress bar, the
 * episode for a series and the class of spec §4, per-item delete (optimistic, with a toast),
 * clear-all behind the spec's confirmation, an empty state, and a login-required screen for visitors.
 */
export default function HistoryRoute() {
  useDocumentTitle(fr.screens.history);
  const { user } = useSession();

  return (
    <section className={`${pageGutter} pt-24 pb-20 lg:pt-28`}>
      {user ? (
        <MemberHistory userId={user.id} />
      ) : (
        <SignInRequired
          heading={fr.history.title}
          title={fr.history.signedOutTitle}
          text={fr.history.signedOutText}
          signIn={fr.history.signIn}
        />
      )}
    </section>
  );
}

function MemberHistory({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const sort = parseHistorySort(params.get("sort"));
  const filter = parseHistoryFilter(params.get("filter"));
  const list = useHistoryList(userId, sort, filter);
  const remove = useDeleteHistoryItem();
  const clear = useClearHistory();
  const [confirming, setConfirming] = useState(false);
  const gridRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total;

  const setParam = (name: "sort" | "filter", value: string, fallback: string) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value === fallback) updated.delete(name);
        else updated.set(name, value);
        return updated;
      },
      { preventScrollReset: true },
    );
  };

  /** The card leaves at once: focus goes to the next card's delete button (or the title). */
  const removeAt = (item: HistoryItem, index: number) => {
    const buttons = gridRef.current?.querySelectorAll<HTMLButtonElement>("[data-history-remove]");
    const neighbour = buttons?.[index + 1] ?? buttons?.[index - 1];
    remove(item);
    requestAnimationFrame(() => (neighbour?.isConnected ? neighbour : headingRef.current)?.focus());
  };

  const confirmClear = () => {
    clear.mutate(undefined, {
      onSettled: () => {
        setConfirming(false);
        requestAnimationFrame(() => headingRef.current?.focus());
      },
    });
  };

  const nothingAtAll = total === 0 && filter === "all";

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-3xl font-extrabold tracking-tight outline-none sm:text-4xl"
          >
            {fr.history.title}
          </h1>
          <p className="mt-2 h-6 text-muted tabular-nums" aria-live="polite">
            {total === undefined ? (
              <span aria-hidden="true" className="skeleton inline-block h-4 w-20 rounded" />
            ) : (
              fr.history.count(total, formatInteger(total))
            )}
          </p>
        </div>
        {!nothingAtAll && (
          <button
            type="button"
            className={buttonStyles({ variant: "outline", size: "sm" })}
            disabled={total === undefined || clear.isPending}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
            {fr.history.clearAll}
          </button>
        )}
      </div>

      {!nothingAtAll && (
        <div className="mt-6">
          <HistoryToolbar
            filter={filter}
            sort={sort}
            onFilter={(next: HistoryFilter) => setParam("filter", next, DEFAULT_HISTORY_FILTER)}
            onSort={(next: HistorySort) => setParam("sort", next, DEFAULT_HISTORY_SORT)}
          />
        </div>
      )}

      <div className="mt-8">
        {list.isError && !list.data ? (
          <StateMessage
            alert
            icon={TriangleAlert}
            title={fr.history.errorTitle}
            text={isApiRequestError(list.error) ? list.error.message : fr.common.genericError}
            action={
              <button
                type="button"
                className={buttonStyles()}
                disabled={list.isFetching}
                onClick={() => void list.refetch()}
              >
                <RefreshCw className={list.isFetching ? "animate-spin" : undefined} aria-hidden="true" />
                {fr.common.retry}
              </button>
            }
          />
        ) : nothingAtAll ? (
          <StateMessage
            icon={History}
            title={fr.history.emptyTitle}
            text={fr.history.emptyText}
            action={
              <Link to="/" className={buttonStyles()}>
                <Compass aria-hidden="true" />
                {fr.history.discover}
              </Link>
            }
          />
        ) : total === 0 && filter !== "all" ? (
          <StateMessage
            icon={ListFilter}
            title={fr.history.emptyFilteredTitle}
            text={fr.history.emptyFiltered[filter]}
            action={
              <button
                type="button"
                className={buttonStyles({ variant: "outline" })}
                onClick={() => setParam("filter", DEFAULT_HISTORY_FILTER, DEFAULT_HISTORY_FILTER)}
              >
                {fr.history.showAll}
              </button>
            }
          />
        ) : list.isPending ? (
          <div role="status" aria-busy="true" className={columns}>
            <span className="sr-only">{fr.common.loading}</span>
            {Array.from({ length: 12 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <div key={index} aria-hidden="true">
                <div className="skeleton aspect-[2/3] rounded-xl" />
                <div className="skeleton mt-3 h-4 w-4/5 rounded" />
                <div className="skeleton mt-2 h-3.5 w-1/2 rounded" />
              </div>
            ))}
          </div>
        ) : (
          <>
            <ul ref={gridRef} className={columns}>
              {items.map((item, index) => (
                <li key={item.id} className="relative">
                  <HistoryEntry item={item} eager={index < 6} onRemove={() => removeAt(item, index)} />
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <div className="mt-10 flex justify-center">
                <button
                  type="button"
                  className={buttonStyles({ variant: "outline" })}
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {fr.history.loadMore}
                </button>
              </div>
            )}
          </>
        )}
      </div>

      {confirming && (
        <ClearHistoryDialog
          busy={clear.isPending}
          onConfirm={confirmClear}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
