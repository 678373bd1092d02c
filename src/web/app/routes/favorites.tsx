import { useInfiniteQuery } from "@tanstack/react-query";
import { Compass, Heart, RefreshCw, TriangleAlert } from "lucide-react";
import { useRef } from "react";
import { Link, useSearchParams } from "react-router";
import type { FavoriteItem, FavoriteSort } from "#contract/library";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { pageGutter } from "#web/components/ui/layout.ts";
import { SignInRequired } from "#web/components/ui/sign-in-required.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { useSession } from "#web/features/auth/hooks/use-session.ts";
import { VideoCard, VideoCardSkeleton } from "#web/features/catalogue/components/video-card.tsx";
import { favoriteListOptions } from "#web/features/library/api/library-queries.ts";
import { FavoriteCategories } from "#web/features/library/components/favorite-categories.tsx";
import { FavoriteSortSelect } from "#web/features/library/components/favorite-sort-select.tsx";
import { FavoriteTiles } from "#web/features/library/components/favorite-tiles.tsx";
import { RemoveFavoriteBadge } from "#web/features/library/components/remove-favorite-badge.tsx";
import { useToggleFavorite } from "#web/features/library/hooks.ts";
import { DEFAULT_FAVORITE_SORT, parseFavoriteSort } from "#web/features/library/lib/favorite-sort-param.ts";
import { fr } from "#web/i18n/fr.ts";
import { isApiRequestError } from "#web/lib/api.ts";
import { formatInteger } from "#web/lib/format.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/** DESIGN.md: 2 columns on a 360 px phone up to 6 on wide screens (as the catalogue grids). */
const columns =
  "grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 xl:gap-x-5";

/**
 * /favorites and /my-list — spec §2 "Favourites / Ma liste": title, count, sort (kept in the URL),
 * four tiles, the grid with a heart badge on each card (which removes the title, optimistically),
 * favourite categories with counts, the empty state, and a login-required screen for visitors.
 */
export default function FavoritesRoute() {
  useDocumentTitle(fr.screens.favorites);
  const { user } = useSession();

  return (
    <section className={`${pageGutter} pt-24 pb-20 lg:pt-28`}>
      {user ? (
        <MyList userId={user.id} />
      ) : (
        <SignInRequired
          heading={fr.library.title}
          title={fr.library.signedOutTitle}
          text={fr.library.signedOutText}
          signIn={fr.library.signIn}
        />
      )}
    </section>
  );
}

function MyList({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const sort = parseFavoriteSort(params.get("sort"));
  const list = useInfiniteQuery(favoriteListOptions(userId, sort));
  const toggle = useToggleFavorite();
  const gridRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const first = list.data?.pages[0];
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = first?.total;

  const changeSort = (next: FavoriteSort) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_FAVORITE_SORT) updated.delete("sort");
        else updated.set("sort", next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  /** The card leaves the grid at once: focus moves to the next heart (or the title), not to the page's top. */
  const remove = (video: FavoriteItem, index: number) => {
    const hearts = gridRef.current?.querySelectorAll<HTMLButtonElement>("[data-favorite-badge]");
    const neighbour = hearts?.[index + 1] ?? hearts?.[index - 1];
    toggle(video, true);
    requestAnimationFrame(() => (neighbour?.isConnected ? neighbour : headingRef.current)?.focus());
  };

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-3xl font-extrabold tracking-tight outline-none sm:text-4xl"
          >
            {fr.library.title}
          </h1>
          <p className="mt-2 h-6 text-muted tabular-nums" aria-live="polite">
            {total === undefined ? (
              <span aria-hidden="true" className="skeleton inline-block h-4 w-20 rounded" />
            ) : (
              fr.library.count(total, formatInteger(total))
            )}
          </p>
        </div>
        {(total === undefined || total > 0) && <FavoriteSortSelect value={sort} onChange={changeSort} />}
      </div>

      {list.isError && !list.data ? (
        <div className="mt-8">
          <StateMessage
            alert
            icon={TriangleAlert}
            title={fr.library.errorTitle}
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
        </div>
      ) : total === 0 ? (
        <div className="mt-8">
          <StateMessage
            icon={Heart}
            title={fr.library.emptyTitle}
            text={fr.library.emptyText}
            action={
              <Link to="/" className={buttonStyles()}>
                <Compass aria-hidden="true" />
                {fr.library.discover}
              </Link>
            }
          />
        </div>
      ) : (
        <>
          <div className="mt-8">
            <FavoriteTiles stats={first?.stats} />
          </div>
          <div className="mt-10">
            {list.isPending ? (
              <div role="status" aria-busy="true" className={columns}>
                <span className="sr-only">{fr.common.loading}</span>
                {Array.from({ length: 12 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <VideoCardSkeleton key={index} />
                ))}
              </div>
            ) : (
              <ul ref={gridRef} className={columns}>
                {items.map((video, index) => (
                  <li key={video.id} className="relative">
                    <VideoCard video={video} eager={index < 6} />
                    <RemoveFavoriteBadge title={video.title} onRemove={() => remove(video, index)} />
                  </li>
                ))}
              </ul>
            )}
            {list.hasNextPage && (
              <div className="mt-10 flex justify-center">
                <button
                  type="button"
                  className={buttonStyles({ variant: "outline" })}
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {fr.library.loadMore}
                </button>
              </div>
            )}
          </div>
          {first && first.categories.length > 0 && (
            <div className="mt-14">
              <FavoriteCategories categories={first.categories} />
            </div>
          )}
        </>
      )}
    </>
  );
}
