import { useLayoutEffect, useRef, useState } from "react";
import type { ContinueWatchingItem } from "#contract/history";
import { Rail } from "#web/components/ui/rail.tsx";
import { historyText } from "#web/i18n/history.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { useContinueWatching } from "../hooks/use-history.ts";
import { formatMinutesLeft } from "../lib/format-history.ts";
import { WatchCard } from "./watch-card.tsx";

/**
 * 'Reprendre la lecture', the home's first rail for a signed-in member. It loads on its
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
  return (
    <Rail
      title={historyText.continueRail}
      items={items}
      itemKey={(item) => item.video.id}
      renderItem={(item) => (
        <WatchCard video={item.video} episode={item.episode} progress={item.progress}>
          {item.totalDuration > 0 && (
            <p className="mt-0.5 text-xs text-muted tabular-nums">
              {historyText.remaining(formatMinutesLeft(item.currentPosition, item.totalDuration))}
            </p>
          )}
        </WatchCard>
      )}
    />
  );
}
