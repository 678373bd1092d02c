import { useEffect, useRef } from "react";
import type { Category } from "#contract/catalogue";
import { categoriesPageText } from "#web/i18n/catalogue-pages.ts";
import { formatInteger } from "#web/lib/format.ts";

/**
 * Phones: one row that scrolls sideways, edge to edge (seven rows of wrapped pills would push the
 * grid below the fold); wider screens: the pills wrap. `relative`: the counts' screen-reader text
 * is positioned absolutely, and without a positioned row it escapes the row's scrolling and
 * widens the whole page (2,100 px on a phone).
 */
const row =
  "relative -mx-5 flex gap-2 overflow-x-auto px-5 pt-1 pb-2 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pt-0 sm:pb-0";

/** About as many and as wide as real genre pills, so the wrapped rows keep their height on load. */
const placeholderWidths = [96, 150, 150, 146, 180, 130, 126, 162, 152, 130, 128, 128, 140, 184, 136];

const pill = (active: boolean) =>
  `inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors ${
    active
      ? "border-accent bg-accent text-on-accent"
      : "border-white/14 bg-surface/70 text-fg/90 hover:border-white/30 hover:bg-white/8"
  }`;

/**
 * spec §2 Categories page: genre filter buttons with counts. Real buttons (Tab, Enter, Space),
 * the active one marked aria-pressed; each category's colour from the data as a small dot.
 */
export function GenreFilter({
  categories,
  totalVideos,
  selected,
  onSelect,
}: {
  categories: readonly Category[] | undefined;
  totalVideos: number | undefined;
  selected: string | null;
  onSelect: (genre: string | null) => void;
}) {
  const t = categoriesPageText;
  const rowRef = useRef<HTMLDivElement>(null);
  // On a phone the chosen genre may sit off-screen in the sideways row (a shared link, the back
  // button): bring it into view, moving that row only, never the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice or the buttons change
  useEffect(() => {
    const container = rowRef.current;
    const pressed = container?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!container || !pressed || container.scrollWidth <= container.clientWidth) return;
    const left = pressed.offsetLeft - container.offsetLeft;
    if (
      left < container.scrollLeft ||
      left + pressed.offsetWidth > container.scrollLeft + container.clientWidth
    )
      container.scrollLeft = left - 20;
  }, [selected, categories]);
  if (!categories) {
    return (
      <div aria-hidden="true" className={row}>
        {placeholderWidths.map((width, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <span key={index} className="skeleton h-10 shrink-0 rounded-full" style={{ width }} />
        ))}
      </div>
    );
  }
  const active = (name: string | null) =>
    (name === null && selected === null) ||
    (name !== null && selected !== null && name.toLowerCase() === selected.toLowerCase());
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t.genresLabel}</legend>
      <div ref={rowRef} className={row}>
        <button
          type="button"
          aria-pressed={active(null)}
          className={pill(active(null))}
          onClick={() => onSelect(null)}
        >
          {t.all}
          {totalVideos !== undefined && <Count n={totalVideos} />}
        </button>
        {categories.map((category) => (
          <button
            key={category.id}
            type="button"
            aria-pressed={active(category.name)}
            className={pill(active(category.name))}
            onClick={() => onSelect(category.name)}
          >
            <span
              aria-hidden="true"
              className="size-2.5 rounded-full ring-1 ring-white/30"
              style={{ backgroundColor: category.color }}
            />
            {category.name}
            <Count n={category.videoCount} />
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The count shows as a figure, and is read "12 vidéos". */
function Count({ n }: { n: number }) {
  const full = categoriesPageText.genreCount(n, formatInteger(n));
  return (
    <>
      {/* 90 %: at 75 % the figure fell under 4.5:1 on the selected (accent) button of the light theme. */}
      <span aria-hidden="true" className="tabular-nums opacity-90">
        {formatInteger(n)}
      </span>
      <span className="sr-only"> ({full})</span>
    </>
  );
}
