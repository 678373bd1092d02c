import { useQuery } from "@tanstack/react-query";
import { LayoutGrid, RotateCcw, Rows3 } from "lucide-react";
import { Suspense, useId, useState } from "react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { GridColumnsSelect } from "#web/components/ui/grid-columns-select.tsx";
import { pageGutter } from "#web/components/ui/layout.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { categoriesOptions } from "#web/features/catalogue/api/video-queries.ts";
import { ClearQueryButton } from "#web/features/search/components/clear-query-button.tsx";
import { DiscoveryResults } from "#web/features/search/components/discovery-results.tsx";
import { FiltersPanel, FiltersToggle } from "#web/features/search/components/filters-panel.tsx";
import { PageSearchInput } from "#web/features/search/components/page-search-input.tsx";
import { useDiscoveryState } from "#web/features/search/hooks/use-discovery-state.ts";
import {
  clearFilters,
  countActiveFilters,
  type DiscoveryState,
} from "#web/features/search/lib/discovery-params.ts";
import { screenTitles } from "#web/i18n/common.ts";
import { discoveryText } from "#web/i18n/search.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { renderVideoGrid } from "../slots/video-slots.tsx";

const viewButton = (active: boolean) =>
  `inline-flex h-9 items-center gap-2 rounded-full px-3.5 text-sm font-semibold transition-colors [&_svg]:size-4 ${
    active ? "bg-white/14 text-fg" : "text-fg/65 hover:text-fg"
  }`;

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
      <button
        type="button"
        aria-pressed={view === "modern"}
        className={viewButton(view === "modern")}
        onClick={() => onChange("modern")}
      >
        <Rows3 aria-hidden="true" />
        {discoveryText.viewModern}
      </button>
      <button
        type="button"
        aria-pressed={view === "classic"}
        className={viewButton(view === "classic")}
        onClick={() => onChange("classic")}
      >
        <LayoutGrid aria-hidden="true" />
        {discoveryText.viewClassic}
      </button>
    </fieldset>
  );
}

/** /browse — spec §2 "Explore (/browse) and Search": search, filters, two views; all in the URL. */
export default function BrowseRoute() {
  useDocumentTitle(screenTitles.browse);
  const { state, update, replaceAll } = useDiscoveryState();
  const panelId = useId();
  const categories = useQuery(categoriesOptions());
  const activeCount = countActiveFilters(state);
  // A shared link with filters opens with its panel showing them.
  const [filtersOpen, setFiltersOpen] = useState(activeCount > 0);
  const resetFilters = () => replaceAll(clearFilters(state));

  return (
    <section className={`${pageGutter} pt-24 pb-20 lg:pt-28`}>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{screenTitles.browse}</h1>
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
            categories={categories.data?.items}
            update={update}
            activeCount={activeCount}
            onClear={resetFilters}
          />
        )}
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
            renderVideos={renderVideoGrid}
            categoryOrder={categories.data?.items.map((c) => c.name) ?? []}
            emptyActions={
              <div className="flex flex-wrap justify-center gap-3">
                {state.q !== "" && <ClearQueryButton onClear={() => update({ q: "" })} />}
                {activeCount > 0 && (
                  <button type="button" className={buttonStyles()} onClick={resetFilters}>
                    <RotateCcw aria-hidden="true" />
                    {discoveryText.clearFilters}
                  </button>
                )}
              </div>
            }
          />
        </Suspense>
      </div>
    </section>
  );
}
