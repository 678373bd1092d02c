import { LayoutGrid, RotateCcw, Rows3 } from "lucide-react";
import { type ReactNode, Suspense, useId, useState } from "react";
import type { Category } from "#contract/catalogue";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { GridColumnsSelect } from "#web/components/ui/grid-columns-select.tsx";
import { pageGutter } from "#web/components/ui/layout.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { discoveryText } from "#web/i18n/search.ts";
import { useDiscoveryState } from "../hooks/use-discovery-state.ts";
import { clearFilters, countActiveFilters, type DiscoveryState } from "../lib/discovery-params.ts";
import { ClearQueryButton } from "./clear-query-button.tsx";
import { DiscoveryResults, type RenderVideos } from "./discovery-results.tsx";
import { FiltersPanel, FiltersToggle, SortSelect } from "./filters-panel.tsx";
import { PageSearchInput } from "./page-search-input.tsx";

const viewButton = (active: boolean) =>
  `inline-flex h-9 items-center gap-2 rounded-full px-3.5 text-sm font-semibold transition-colors [&_svg]:size-4 ${
    active ? "bg-white/14 text-fg" : "text-fg/65 hover:text-fg"
  }`;

const views = [
  { view: "modern", icon: Rows3, label: discoveryText.viewModern },
  { view: "classic", icon: LayoutGrid, label: discoveryText.viewClassic },
] as const;

function ViewToggle({
  view,
  onChange,
}: {
  view: DiscoveryState["view"];
  onChange: (v: DiscoveryState["view"]) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-full border border-white/12 bg-surface/70 p-1">
      <legend className="sr-only">{discoveryText.view}</legend>
      {views.map(({ view: value, icon: Icon, label }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          className={viewButton(view === value)}
          onClick={() => onChange(value)}
        >
          <Icon aria-hidden="true" />
          {label}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * spec §2 "Explore (/browse) and Search": one structure for both — the search box, the Filtres
 * panel with its badge, the view toggle Moderne / Grille Classique, the count and the results, the
 * empty state with its buttons — all in the address. The search page opens on the classic grid
 * (results in order of relevance), keeps its sort beside the results, shows the lines of dialogue
 * found above them, and suggestions in its empty state.
 */
export function DiscoveryScreen({
  title,
  categories,
  renderVideos,
  defaultView,
  sortBesideResults = false,
  above,
  emptyExtra,
}: {
  title: string;
  /** The catalogue's categories, read by the screen (docs/decisions/010). */
  categories: readonly Category[] | undefined;
  renderVideos: RenderVideos;
  defaultView: DiscoveryState["view"];
  /** The sort next to the count (the search page) rather than in the Filtres panel. */
  sortBesideResults?: boolean;
  /** Drawn above the results (the search page's lines of dialogue). */
  above?: (state: DiscoveryState) => ReactNode;
  emptyExtra?: ReactNode;
}) {
  const { state, update, replaceAll } = useDiscoveryState(defaultView);
  const panelId = useId();
  const activeCount = countActiveFilters(state);
  // A shared link with filters opens with its panel showing them.
  const [filtersOpen, setFiltersOpen] = useState(activeCount > 0);
  // A button that vanishes once it has done its work (« Effacer les filtres », « Effacer la
  // recherche ») hands the keyboard's focus on, instead of dropping it to the page.
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
  const resetFilters = () => {
    replaceAll(clearFilters(state));
    focusLater(`[aria-controls="${panelId}"]`);
  };
  const clearQuery = () => {
    update({ q: "" });
    focusLater('main input[type="search"]');
  };

  return (
    <section className={`${pageGutter} pt-24 pb-20 lg:pt-28`}>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <PageSearchInput value={state.q} onChange={(q) => update({ q }, { replace: true })} />
        <FiltersToggle
          open={filtersOpen}
          controls={panelId}
          activeCount={activeCount}
          onToggle={() => setFiltersOpen((open) => !open)}
        />
        <ViewToggle view={state.view} onChange={(view) => update({ view })} />
        {state.view === "classic" && <GridColumnsSelect />}
      </div>
      <div className="mt-6">
        {filtersOpen && (
          <FiltersPanel
            id={panelId}
            state={state}
            categories={categories}
            update={update}
            activeCount={activeCount}
            onClear={resetFilters}
            withSort={!sortBesideResults}
          />
        )}
        {above?.(state)}
        {/* Results that suspend (a chunk loading for a new filter) wait here: the route's own
            boundary would unmount the filters panel and lose a year still being typed. */}
        <Suspense
          fallback={
            <div className="grid min-h-[50vh] place-items-center">
              <Spinner />
            </div>
          }
        >
          <DiscoveryResults
            state={state}
            renderVideos={renderVideos}
            categoryOrder={categories?.map((c) => c.name) ?? []}
            toolbar={
              sortBesideResults ? (
                <SortSelect
                  value={state.sort}
                  onChange={(sort) => update({ sort })}
                  className="flex items-center gap-3 [&_label]:mb-0 [&_select]:w-48"
                />
              ) : undefined
            }
            emptyActions={
              <div className="flex flex-wrap justify-center gap-3">
                {state.q !== "" && <ClearQueryButton onClear={clearQuery} />}
                {activeCount > 0 && (
                  <button type="button" className={buttonStyles()} onClick={resetFilters}>
                    <RotateCcw aria-hidden="true" />
                    {discoveryText.clearFilters}
                  </button>
                )}
              </div>
            }
            emptyExtra={emptyExtra}
          />
        </Suspense>
      </div>
    </section>
  );
}
