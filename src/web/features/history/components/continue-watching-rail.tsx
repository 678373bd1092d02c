import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { ContinueWatchingItem } from "#contract/history";
import { pageGutter } from "#web/components/ui/layout.ts";
import { useSession } from "#web/features/auth/hooks/use-session.ts";
import { fr } from "#web/i18n/fr.ts";
import { useContinueWatching } from "../hooks.ts";
import { formatMinutesLeft } from "../lib/format-history.ts";
import { WatchCard } from "./watch-card.tsx";

/** The catalogue rails' card widths and track (src/web/features/catalogue/components/video-rail.tsx). */
const cardWidth = "w-[40vw] max-w-48 shrink-0 sm:w-44 lg:w-48 2xl:w-52";
const track = `flex snap-x snap-mandatory scroll-px-5 gap-3 overflow-x-auto overscroll-x-contain pt-2 pb-4 [scrollbar-width:none] sm:scroll-px-8 sm:gap-4 lg:scroll-px-12 2xl:scroll-px-16 [&::-webkit-scrollbar]:hidden ${pageGutter}`;

/**
 * 'Reprendre la lecture' (issue 4), the home's first rail for a signed-in member. It loads on its
 * own and never moves what the member is looking at (DESIGN.md: the poster wall never jumps):
 * - answered before this rail first renders (cached from an earlier visit, or faster than the
 *   catalogue): it is there from the rails' first paint, nothing moves;
 * - answered later: it is inserted only while the place it takes is still below the bottom of the
 *   screen, so nothing visible moves; if that place is already on screen it stays out for this
 *   visit (the answer is cached: it is there on the next visit of the home).
 * No space is reserved before it has items; empty, it renders nothing.
 */
export function ContinueWatchingRail() {
  const { user } = useSession();
  const query = useContinueWatching();
  const markerRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<boolean | null>(() => (query.data ? true : null));

  useLayoutEffect(() => {
    if (shown !== null || !query.data) return;
    const top = markerRef.current?.getBoundingClientRect().top ?? 0;
    setShown(top >= window.innerHeight);
  }, [query.data, shown]);

  const items = query.data?.items ?? [];
  if (!user) return null;
  // Out of the flow: it takes no space (and no margin of the rails' spacing) while it waits.
  if (shown === null) return <div ref={markerRef} aria-hidden="true" className="absolute" />;
  if (!shown || items.length === 0) return null;
  return <ContinueRail items={items} />;
}

function ContinueRail({ items }: { items: readonly ContinueWatchingItem[] }) {
  const title = fr.history.continueRail;
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const start = list.scrollLeft <= 4;
    const end = list.scrollLeft + list.clientWidth >= list.scrollWidth - 4;
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [measure]);

  const scroll = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.scrollBy({ left: direction * list.clientWidth * 0.85, behavior: reduce ? "auto" : "smooth" });
  };

  const button =
    "grid size-9 place-items-center rounded-full bg-surface-2 text-fg ring-1 ring-white/10 transition-colors hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-default disabled:opacity-35 disabled:hover:bg-surface-2";

  return (
    <section aria-labelledby={headingId} className="relative" data-rail={title}>
      <div className={`${pageGutter} mb-1 flex items-center justify-between gap-4`}>
        <h2 id={headingId} className="truncate text-lg font-bold tracking-tight sm:text-xl">
          {title}
        </h2>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            className={button}
            aria-label={fr.home.railPrevious(title)}
            aria-controls={`${headingId}-list`}
            disabled={edges.start}
            onClick={() => scroll(-1)}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={button}
            aria-label={fr.home.railNext(title)}
            aria-controls={`${headingId}-list`}
            disabled={edges.end}
            onClick={() => scroll(1)}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
      <ul id={`${headingId}-list`} ref={listRef} onScroll={measure} className={track}>
        {items.map((item) => (
          <li key={item.video.id} className={`${cardWidth} snap-start`}>
            <WatchCard video={item.video} episode={item.episode} progress={item.progress}>
              {item.totalDuration > 0 && (
                <p className="mt-0.5 text-xs text-muted tabular-nums">
                  {fr.history.remaining(formatMinutesLeft(item.currentPosition, item.totalDuration))}
                </p>
              )}
            </WatchCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
