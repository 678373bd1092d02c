import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { serverMessage } from "#web/lib/api.ts";
import { focusLeft } from "./data-table.tsx";
import { QueryStates } from "./load-error.tsx";
import { Pager } from "./pager.tsx";

/**
 * The keyboard was on a row that went, and no row took its place (the last one deleted after its
 * confirmation): the focus fell to the page's top. It goes to the empty state's heading instead,
 * which a screen reader reads (« Aucun membre »), and Tab goes on from there. A focus elsewhere
 * (the search field that emptied the list) is left where it is.
 */
function useFocusOnEmptied(ref: RefObject<HTMLDivElement | null>, isEmpty: boolean) {
  const inside = useRef(false);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onFocusIn = () => {
      inside.current = true;
    };
    const onFocusOut = (event: FocusEvent) => {
      if (focusLeft(root, event)) inside.current = false;
    };
    root.addEventListener("focusin", onFocusIn);
    root.addEventListener("focusout", onFocusOut);
    return () => {
      root.removeEventListener("focusin", onFocusIn);
      root.removeEventListener("focusout", onFocusOut);
    };
  }, [ref]);
  useEffect(() => {
    const active = document.activeElement;
    if (!isEmpty || !inside.current || (active !== null && active !== document.body)) return;
    inside.current = false;
    const heading = ref.current?.querySelector<HTMLElement>("h2, h3");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) {
      heading.tabIndex = -1;
      heading.dataset.pageFocus = "";
    }
    heading.focus({ preventScroll: true });
  }, [ref, isEmpty]);
}

/**
 * One page of an administration list fed by one query: its four states (failed with
 * « Réessayer », loading, empty, shown — QueryStates) and, once shown, the pager under it. The
 * region is busy while the query fetches (a new page, a new filter).
 */
export function PagedList({
  list,
  texts,
  isEmpty,
  empty,
  offset,
  limit,
  onOffset,
  children,
}: {
  list: {
    isError: boolean;
    isPending: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
    data?: { total: number } | undefined;
  };
  texts: {
    loadFailed: string;
    previous: string;
    next: string;
    pageOf: (page: number, pages: number) => string;
  };
  isEmpty: boolean;
  empty: ReactNode;
  offset: number;
  limit: number;
  onOffset: (offset: number) => void;
  children: () => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusOnEmptied(ref, isEmpty);
  return (
    <div ref={ref} className="mt-5" aria-busy={list.isFetching}>
      <QueryStates
        query={list}
        errorTitle={texts.loadFailed}
        errorText={serverMessage(list.error, texts.loadFailed)}
        isEmpty={isEmpty}
        empty={empty}
      >
        {() => (
          <>
            {children()}
            <Pager
              offset={offset}
              limit={limit}
              total={list.data?.total ?? 0}
              onOffset={onOffset}
              texts={texts}
            />
          </>
        )}
      </QueryStates>
    </div>
  );
}
