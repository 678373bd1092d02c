import { useInfiniteQuery } from "@tanstack/react-query";
import { Compass, Heart } from "lucide-react";
import { useRef } from "react";
import { useSearchParams } from "react-router";
import type { FavoriteItem, FavoriteSort } from "#contract/library";
import { ListHeading } from "#web/components/ui/list-heading.tsx";
import { QueryLoadError } from "#web/components/ui/load-error.tsx";
import { LoadMoreButton } from "#web/components/ui/load-more-button.tsx";
import { MemberScreen } from "#web/components/ui/member-screen.tsx";
import { PosterGridSkeleton, usePosterGridClass } from "#web/components/ui/poster-grid.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { VideoCard } from "#web/features/catalogue/components/video-card.tsx";
import { favoriteListOptions } from "#web/features/library/api/library-queries.ts";
import { FavoriteCategories } from "#web/features/library/components/favorite-categories.tsx";
import { FavoriteSortSelect } from "#web/features/library/components/favorite-sort-select.tsx";
import { FavoriteTiles } from "#web/features/library/components/favorite-tiles.tsx";
import { RemoveFavoriteBadge } from "#web/features/library/components/remove-favorite-badge.tsx";
import { useToggleFavorite } from "#web/features/library/hooks/use-library.ts";
import { DEFAULT_FAVORITE_SORT, parseFavoriteSort } from "#web/features/library/lib/favorite-sort-param.ts";
import { commonText, screenTitles } from "#web/i18n/common.ts";
import { libraryText } from "#web/i18n/library.ts";
import { errorMessage } from "#web/lib/api.ts";
import { formatInteger } from "#web/lib/format.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { libraryCardActions } from "../slots/video-slots.tsx";

/**
 * /favorites and /my-list — spec §2 "Favourites / Ma liste": title, count, sort (kept in the URL),
 * four tiles, the grid with a heart badge on each card (which removes the title, optimistically),
 * favourite categories with counts, the empty state, and a login-required screen for visitors.
 */
export default function FavoritesRoute() {
  useDocumentTitle(screenTitles.favorites);
  return (
    <MemberScreen
      signedOut={{
        heading: libraryText.title,
        title: libraryText.signedOutTitle,
        text: libraryText.signedOutText,
        signIn: libraryText.signIn,
      }}
    >
      {(user) => <MyList userId={user.id} />}
    </MemberScreen>
  );
}

function MyList({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const sort = parseFavoriteSort(params.get("sort"));
  const list = useInfiniteQuery(favoriteListOptions(userId, sort));
  const toggle = useToggleFavorite();
  const gridRef = useRef<HTMLUListElement>(null);
  const columns = usePosterGridClass("all");
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
      <ListHeading
        title={libraryText.title}
        count={total === undefined ? undefined : libraryText.count(total, formatInteger(total))}
        headingRef={headingRef}
      >
        {(total === undefined || total > 0) && <FavoriteSortSelect value={sort} onChange={changeSort} />}
      </ListHeading>

      {list.isError && !list.data ? (
        <div className="mt-8">
          <QueryLoadError
            title={libraryText.errorTitle}
            text={errorMessage(list.error, commonText.genericError)}
            query={list}
          />
        </div>
      ) : total === 0 ? (
        <div className="mt-8">
          <StateMessage
            icon={Heart}
            title={libraryText.emptyTitle}
            text={libraryText.emptyText}
            link={{ to: "/", label: libraryText.discover, icon: Compass }}
          />
        </div>
      ) : (
        <>
          <div className="mt-8">
            <FavoriteTiles stats={first?.stats} />
          </div>
          <div className="mt-10">
            {list.isPending ? (
              <div role="status" aria-busy="true">
                <span className="sr-only">{commonText.loading}</span>
                <PosterGridSkeleton layout="all" />
              </div>
            ) : (
              <ul ref={gridRef} className={columns}>
                {items.map((video, index) => (
                  <li key={video.id} className="relative">
                    <VideoCard video={video} eager={index < 6} actions={libraryCardActions(video)} />
                    <RemoveFavoriteBadge title={video.title} onRemove={() => remove(video, index)} />
                  </li>
                ))}
              </ul>
            )}
            <LoadMoreButton label={libraryText.loadMore} list={list} />
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
