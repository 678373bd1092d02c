import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { GridColumnsSelect } from "#web/components/ui/grid-columns-select.tsx";
import { pageGutter } from "#web/components/ui/layout.ts";
import { categoriesOptions } from "#web/features/catalogue/api/video-queries.ts";
import { popularOptions } from "#web/features/search/api/discovery-queries.ts";
import { ClearQueryButton } from "#web/features/search/components/clear-query-button.tsx";
import { DialogueResults } from "#web/features/search/components/dialogue-results.tsx";
import { DiscoveryResults } from "#web/features/search/components/discovery-results.tsx";
import { SortSelect } from "#web/features/search/components/filters-panel.tsx";
import { PageSearchInput } from "#web/features/search/components/page-search-input.tsx";
import { useDiscoveryState } from "#web/features/search/hooks/use-discovery-state.ts";
import { clearFilters, effectiveQuery } from "#web/features/search/lib/discovery-params.ts";
import { screenTitles } from "#web/i18n/common.ts";
import { discoveryText } from "#web/i18n/search.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { renderVideoGrid } from "../slots/video-slots.tsx";

/** The empty state's suggestions: the most-viewed titles and the categories. */
function SearchSuggestions() {
  const popular = useQuery(popularOptions());
  const categories = useQuery(categoriesOptions());
  return (
    <div className="mt-10">
      {popular.data && popular.data.items.length > 0 && (
        <section aria-labelledby="search-suggestions">
          <h2 id="search-suggestions" className="mb-4 text-xl font-bold tracking-tight">
            {discoveryText.suggestionsTitle}
          </h2>
          {renderVideoGrid(popular.data.items)}
        </section>
      )}
      {categories.data && categories.data.items.length > 0 && (
        <section aria-labelledby="search-categories" className="mt-10">
          <h2 id="search-categories" className="mb-4 text-xl font-bold tracking-tight">
            {discoveryText.browseCategories}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {categories.data.items
              .filter((c) => c.videoCount > 0)
              .map((c) => (
                <li key={c.id}>
                  <Link
                    to={`/browse?categories=${encodeURIComponent(c.name)}`}
                    className={buttonStyles({ variant: "outline", size: "sm" })}
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** /search?q= — spec §2 "Explore (/browse) and Search": the Explorer's structure for a search. */
export default function SearchRoute() {
  useDocumentTitle(screenTitles.search);
  const { state, update } = useDiscoveryState();
  // The search page has no filters: only the text and the sort are read.
  const searchState = { ...clearFilters(state), view: "classic" as const };

  return (
    <section className={`${pageGutter} pt-24 pb-20 lg:pt-28`}>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{screenTitles.search}</h1>
      <div className="mt-6">
        <PageSearchInput value={state.q} onChange={(q) => update({ q }, { replace: true })} />
      </div>
      <div className="mt-6">
        <DialogueResults q={effectiveQuery(state.q)} />
        <DiscoveryResults
          state={searchState}
          renderVideos={renderVideoGrid}
          toolbar={
            <div className="flex flex-wrap items-center gap-5">
              <GridColumnsSelect />
              <SortSelect
                value={state.sort}
                onChange={(sort) => update({ sort })}
                className="flex items-center gap-3 [&_label]:mb-0 [&_select]:w-48"
              />
            </div>
          }
          emptyActions={state.q !== "" ? <ClearQueryButton onClear={() => update({ q: "" })} /> : undefined}
          emptyExtra={<SearchSuggestions />}
        />
      </div>
    </section>
  );
}
