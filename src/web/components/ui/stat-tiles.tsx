import type { LucideIcon } from "lucide-react";

export interface StatTile {
  icon: LucideIcon;
  label: string;
  /** null while loading: a placeholder of the same size stands in (no layout shift). */
  value: string | null;
  /** The figure read in full by screen readers and as a tooltip ("3,4 M" → "3 400 000 vues"). */
  full?: string | undefined;
  /** A second, smaller line; null while loading. Its height is reserved in every tile of the row. */
  caption?: string | null | undefined;
}

/**
 * Counters as a description list (label, then figure): 2 columns on phones (an odd last tile
 * takes the whole row) and one row from tablets up. The boxes keep one height whether loaded or
 * not, so nothing moves when the figures arrive or refresh. `label` names the group when no
 * heading does.
 */
export function StatTiles({ label, tiles }: { label?: string | undefined; tiles: readonly StatTile[] }) {
  const loading = tiles.some((tile) => tile.value === null);
  const withCaptions = tiles.some((tile) => tile.caption !== undefined);
  const wide = tiles.length === 4 ? "lg:grid-cols-4" : "sm:grid-cols-3";
  const odd = tiles.length % 2 === 1 ? "[&>div:last-child]:col-span-2 sm:[&>div:last-child]:col-span-1" : "";
  const list = (
    <dl className={`grid grid-cols-2 gap-3 sm:gap-4 ${wide} ${odd}`}>
      {tiles.map(({ icon: Icon, label: name, value, full, caption }) => (
        <div
          key={name}
          className="flex min-w-0 flex-col rounded-2xl border border-line bg-surface/80 p-4 sm:p-5"
        >
          {/* The name wraps rather than being cut (« Total Utilisateurs » on a phone's two
              columns); it takes the tile's free height, so the figures of a row stay aligned. */}
          <dt className="flex flex-1 items-start gap-2 text-sm leading-snug font-medium text-muted">
            <Icon className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            <span className="min-w-0 [overflow-wrap:anywhere]">{name}</span>
          </dt>
          <dd className="mt-2 flex h-9 items-center text-2xl font-extrabold tracking-tight tabular-nums sm:text-3xl">
            {value === null ? (
              <span aria-hidden="true" className="skeleton h-7 w-24 max-w-full rounded-md" />
            ) : full ? (
              <span className="truncate" title={full}>
                <span aria-hidden="true">{value}</span>
                <span className="sr-only">{full}</span>
              </span>
            ) : (
              <span className="truncate">{value}</span>
            )}
          </dd>
          {withCaptions && (
            <dd className="mt-1 h-5 truncate text-sm text-muted tabular-nums">
              {caption === null ? (
                <span aria-hidden="true" className="skeleton inline-block h-3.5 w-28 max-w-full rounded" />
              ) : (
                caption
              )}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
  return label ? (
    <section aria-label={label} aria-busy={loading}>
      {list}
    </section>
  ) : (
    <div aria-busy={loading}>{list}</div>
  );
}
