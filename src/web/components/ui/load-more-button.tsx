import { useEffect, useRef, useState } from "react";
import { buttonStyles } from "./button-styles.ts";
import { Spinner } from "./spinner.tsx";

/** What LoadMoreButton reads of a TanStack infinite query. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** How far below the screen the button may be when the next page starts loading by itself. */
const SCROLL_AHEAD = "800px";

/**
 * 'Voir plus' under a paged list (spec §9 page sizes), while `list` has a next page: a short
 * spinner while it loads. Once a member has asked for more, scrolling down keeps loading
 * (infinite scroll: the next page starts when the button comes within SCROLL_AHEAD of the screen),
 * each page one keyset step (docs/decisions/031-keyset-paging.md); the button stays for the
 * keyboard and for browsers without IntersectionObserver. Before that first click the page ends
 * where it ends, so the footer and what follows the list stay reachable.
 */
export function LoadMoreButton({ label, list }: { label: string; list: PagedList }) {
  const [scrolling, setScrolling] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const target = button.current;
    if (!scrolling || !target || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${SCROLL_AHEAD} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [scrolling, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <div className="mt-10 flex justify-center">
      <button
        ref={button}
        type="button"
        className={buttonStyles({ variant: "outline" })}
        disabled={isFetchingNextPage}
        onClick={() => {
          setScrolling(true);
          void fetchNextPage();
        }}
      >
        {isFetchingNextPage && <Spinner className="size-4" />}
        {label}
      </button>
    </div>
  );
}
