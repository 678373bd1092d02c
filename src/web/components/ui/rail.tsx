import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from "react";
import { homeText } from "#web/i18n/catalogue.ts";
import { useNearViewport } from "#web/lib/use-near-viewport.ts";
import { pageGutter } from "./layout.ts";
import { PosterCardSkeleton } from "./poster-frame.tsx";

/** Card widths of a rail: about 2.3 cards on a phone, 6 to 7 on a wide screen. */
const cardWidth = "w-[40vw] max-w-48 shrink-0 sm:w-44 lg:w-48 2xl:w-52";
const track = `flex snap-x snap-mandatory scroll-px-5 gap-3 overflow-x-auto overscroll-x-contain pt-2 pb-4 [scrollbar-width:none] sm:scroll-px-8 sm:gap-4 lg:scroll-px-12 2xl:scroll-px-16 [&::-webkit-scrollbar]:hidden ${pageGutter}`;
const scrollButton =
  "grid size-9 place-items-center rounded-full bg-surface-2 text-fg ring-1 ring-white/10 transition-colors hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent aria-disabled:cursor-default aria-disabled:opacity-35 aria-disabled:hover:bg-surface-2";

/**
 * A titled horizontal rail of cards (spec §2 Home, DESIGN.md): it scrolls with the previous/next
 * buttons, by touch or trackpad, and by keyboard — each card's link is in the tab order and the
 * browser scrolls the focused card into view. `renderItem` draws one card. Hidden when empty.
 * `deferred`: a rail far below the fold draws the boxes of its cards (no layout shift) and draws the
 * cards themselves when the reader gets near it (issue 14: a phone's first load draws the first
 * screens only); its title and buttons are there from the start.
 */
export function Rail<T>({
  title,
  items,
  itemKey,
  renderItem,
  deferred = false,
}: {
  title: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  deferred?: boolean;
}) {
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const near = useNearViewport(listRef, deferred);

  if (items.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="relative" data-rail={title}>
      <div className={`${pageGutter} mb-1 flex items-center justify-between gap-4`}>
        <h2 id={headingId} className="truncate text-lg font-bold tracking-tight sm:text-xl">
          {title}
        </h2>
        <RailButtons
          title={title}
          listId={`${headingId}-list`}
          listRef={listRef}
          cardsCame={deferred && near}
        />
      </div>
      <ul id={`${headingId}-list`} ref={listRef} className={track}>
        {near
          ? items.map((item, index) => (
              <li key={itemKey(item)} className={`${cardWidth} snap-start`}>
                {renderItem(item, index)}
              </li>
            ))
          : items.map((item) => (
              <li key={itemKey(item)} className={cardWidth} aria-hidden="true">
                <PosterCardSkeleton still />
              </li>
            ))}
      </ul>
    </section>
  );
}

/**
 * The previous/next buttons of a rail, disabled at its ends. They keep their own state: a rail
 * whose ends change (measured once laid out, then at each scroll) redraws two buttons, not its
 * cards (issue 14: every rail of the home measured itself after the takeover and drew its fifteen
 * cards again for it).
 */
function RailButtons({
  title,
  listId,
  listRef,
  cardsCame,
}: {
  title: string;
  listId: string;
  listRef: RefObject<HTMLUListElement | null>;
  /** A deferred rail's cards have come in place of its boxes: its track is measured again. */
  cardsCame: boolean;
}) {
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const start = list.scrollLeft <= 4;
    const end = list.scrollLeft + list.clientWidth >= list.scrollWidth - 4;
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, [listRef]);

  // The observer's first call comes after the browser's own layout of the frame: measuring here at
  // once would force a layout of the whole page inside the first render's task (issue 14: 75 ms of
  // a phone's first load, once per page, for edges the observer gives a moment later anyway).
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    list.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      list.removeEventListener("scroll", measure);
    };
  }, [listRef, measure]);
  // A deferred rail's cards drawn as the reader comes near: the buttons follow its track.
  useEffect(() => {
    if (cardsCame) measure();
  }, [cardsCame, measure]);

  const scroll = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.scrollBy({ left: direction * list.clientWidth * 0.85, behavior: reduce ? "auto" : "smooth" });
  };

  return (
    <div className="flex shrink-0 gap-2">
      {([-1, 1] as const).map((direction) => {
        const spent = direction < 0 ? edges.start : edges.end;
        return (
          <button
            key={direction}
            type="button"
            className={scrollButton}
            aria-label={direction < 0 ? homeText.railPrevious(title) : homeText.railNext(title)}
            aria-controls={listId}
            // aria-disabled, not disabled: the button reached the end keeps the keyboard's focus
            // (a disabled one dropped it to the page).
            aria-disabled={spent}
            onClick={() => {
              if (!spent) scroll(direction);
            }}
          >
            {direction < 0 ? (
              <ChevronLeft className="size-5" aria-hidden="true" />
            ) : (
              <ChevronRight className="size-5" aria-hidden="true" />
            )}
          </button>
        );
      })}
    </div>
  );
}

/** Same box as a rail (title, then posters at 2:3), drawn while the rails load. */
export function RailSkeleton({ count = 7 }: { count?: number }) {
  return (
    <div aria-hidden="true">
      <div className={`${pageGutter} mb-1 flex h-9 items-center`}>
        <div className="skeleton h-6 w-52 rounded-md" />
      </div>
      <div className={`${track} overflow-hidden`}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className={cardWidth}>
            <PosterCardSkeleton />
          </div>
        ))}
      </div>
    </div>
  );
}
