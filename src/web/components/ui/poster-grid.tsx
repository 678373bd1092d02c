import { gridColumnClasses, useGridColumns } from "#web/lib/grid-columns.ts";
import { PosterCardSkeleton } from "./poster-frame.tsx";

/**
 * How a grid of posters grows with the screen (DESIGN.md: 2 columns on a 360 px phone):
 * - `chosen`: up to the member's choice (2 to 6, spec §2) on wide screens;
 * - `all`: up to 6, whatever the choice (Ma liste, Historique, the top-rated list);
 * - `section`: the Moderne view's sections (spec §2 Explore), 5 on wide screens.
 */
export type PosterGridLayout = "chosen" | "all" | "section";

const gaps = "gap-x-4 gap-y-8 xl:gap-x-5";

export function usePosterGridClass(layout: PosterGridLayout = "chosen"): string {
  const chosen = useGridColumns();
  if (layout === "section") return `grid grid-cols-2 sm:grid-cols-3 lg:grid-cols-5 ${gaps}`;
  return `grid ${gridColumnClasses(layout === "all" ? 6 : chosen)} ${gaps}`;
}

/** The grid's boxes while it loads (DESIGN.md: skeletons, not spinners, for first loads). */
export function PosterGridSkeleton({
  count = 12,
  lines = 3,
  layout = "chosen",
}: {
  count?: number;
  lines?: 2 | 3;
  layout?: PosterGridLayout;
}) {
  return (
    <div aria-hidden="true" className={usePosterGridClass(layout)}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <PosterCardSkeleton key={index} lines={lines} />
      ))}
    </div>
  );
}
