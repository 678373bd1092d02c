import { Compass, History, ListFilter, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { HistoryFilter, HistoryItem, HistorySort } from "#contract/history";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { ListHeading } from "#web/components/ui/list-heading.tsx";
import { QueryLoadError } from "#web/components/ui/load-error.tsx";
import { LoadMoreButton } from "#web/components/ui/load-more-button.tsx";
import { MemberScreen } from "#web/components/ui/member-screen.tsx";
import { PosterGridSkeleton, usePosterGridClass } from "#web/components/ui/poster-grid.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { ClearHistoryDialog } from "#web/features/history/components/clear-history-dialog.tsx";
import { HistoryEntry } from "#web/features/history/components/history-entry.tsx";
import { HistoryToolbar } from "#web/features/history/components/history-toolbar.tsx";
import {
  useClearHistory,
  useDeleteHistoryItem,
  useHistoryList,
} from "#web/features/history/hooks/use-history.ts";
import {
  DEFAULT_HISTORY_FILTER,
  DEFAULT_HISTORY_SORT,
  parseHistoryFilter,
  parseHistorySort,
} from "#web/features/history/lib/history-params.ts";
import { commonText, screenTitles } from "#web/i18n/common.ts";
import { historyText } from "#web/i18n/history.ts";
import { errorMessage } from "#web/lib/api.ts";
import { formatInteger } from "#web/lib/format.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/**
 * /history — spec §2 History: filter and sort (kept in the URL), cards with a progress bar, the
 * episode for a series and the class of spec §4, per-item delete (optimistic, with a toast),
 * clear-all behind the spec's confirmation, an empty state, and a login-required screen for visitors.
 */
export default function HistoryRoute() {
  useDocumentTitle(screenTitles.history);
  return (
    <MemberScreen
      signedOut={{
        heading: historyText.title,
        title: historyText.signedOutTitle,
        text: historyText.signedOutText,
        signIn: historyText.signIn,
      }}
    >
      {(user) => <MemberHistory userId={user.id} />}
    </MemberScreen>
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
  const columns = usePosterGridClass("all");
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
      <ListHeading
        title={historyText.title}
        count={total === undefined ? undefined : historyText.count(total, formatInteger(total))}
        headingRef={headingRef}
      >
        {!nothingAtAll && (
          <button
            type="button"
            className={buttonStyles({ variant: "outline", size: "sm" })}
            disabled={total === undefined || clear.isPending}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
            {historyText.clearAll}
          </button>
        )}
      </ListHeading>

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
          <QueryLoadError
            title={historyText.errorTitle}
            text={errorMessage(list.error, commonText.genericError)}
            query={list}
          />
        ) : nothingAtAll ? (
          <StateMessage
            icon={History}
            title={historyText.emptyTitle}
            text={historyText.emptyText}
            link={{ to: "/", label: historyText.discover, icon: Compass }}
          />
        ) : total === 0 && filter !== "all" ? (
          <StateMessage
            icon={ListFilter}
            title={historyText.emptyFilteredTitle}
            text={historyText.emptyFiltered[filter]}
            action={
              <button
                type="button"
                className={buttonStyles({ variant: "outline" })}
                onClick={() => setParam("filter", DEFAULT_HISTORY_FILTER, DEFAULT_HISTORY_FILTER)}
              >
                {historyText.showAll}
              </button>
            }
          />
        ) : list.isPending ? (
          <div role="status" aria-busy="true">
            <span className="sr-only">{commonText.loading}</span>
            <PosterGridSkeleton layout="all" lines={2} />
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
            <LoadMoreButton label={historyText.loadMore} list={list} />
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
