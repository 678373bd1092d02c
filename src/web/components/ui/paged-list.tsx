import type { ReactNode } from "react";
import { serverMessage } from "#web/lib/api.ts";
import { QueryStates } from "./load-error.tsx";
import { Pager } from "./pager.tsx";

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
  return (
    <div className="mt-5" aria-busy={list.isFetching}>
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
