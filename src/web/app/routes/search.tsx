import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { categoriesOptions } from "#web/features/catalogue/api/video-queries.ts";
import { popularOptions } from "#web/features/search/api/discovery-queries.ts";
import { DialogueResults } from "#web/features/search/components/dialogue-results.tsx";
import { DiscoveryScreen } from "#web/features/search/components/discovery-screen.tsx";
import { effectiveQuery } from "#web/features/search/lib/discovery-params.ts";
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
  const categories = useQuery(categoriesOptions());
  return (
    <DiscoveryScreen
      title={screenTitles.search}
      categories={categories.data?.items}
      renderVideos={renderVideoGrid}
      defaultView="classic"
      sortBesideResults
      above={(state) => <DialogueResults q={effectiveQuery(state.q)} />}
      emptyExtra={<SearchSuggestions />}
    />
  );
}
