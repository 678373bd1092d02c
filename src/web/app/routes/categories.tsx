import { useQuery } from "@tanstack/react-query";
import { Eye, Film, Star, Tags } from "lucide-react";
import { useSearchParams } from "react-router";
import { pageGutter } from "#web/components/ui/layout.ts";
import { StatTiles } from "#web/components/ui/stat-tiles.tsx";
import { categoriesOptions } from "#web/features/catalogue/api/video-queries.ts";
import { catalogueSummaryOptions } from "#web/features/catalogue-pages/api/pages-queries.ts";
import { GenreFilter } from "#web/features/catalogue-pages/components/genre-filter.tsx";
import { GenreVideos } from "#web/features/catalogue-pages/components/genre-videos.tsx";
import { categoriesPageText } from "#web/i18n/catalogue-pages.ts";
import { screenTitles, videoText } from "#web/i18n/common.ts";
import { formatCompactViews, formatInteger, formatRating } from "#web/lib/format.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { renderVideoGrid } from "../slots/video-slots.tsx";

/**
 * /categories — spec §2 "Categories page": four counters (videos, categories, total views, best
 * rating), genre buttons with counts, the grid, and an empty state that shows everything again.
 * The chosen genre lives in the URL (?genre=Drame): back, reload and share keep it.
 */
export default function CategoriesRoute() {
  const t = categoriesPageText;
  useDocumentTitle(screenTitles.categories);
  const [params, setParams] = useSearchParams();
  const genre = params.get("genre")?.trim() || null;
  const summary = useQuery(catalogueSummaryOptions());
  const genres = useQuery(categoriesOptions());
  const s = summary.data;

  const select = (next: string | null) => {
    if (next === genre) return;
    setParams(next === null ? {} : { genre: next }, { preventScrollReset: true });
  };

  return (
    <section className={`${pageGutter} pt-24 pb-20 lg:pt-28`}>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{screenTitles.categories}</h1>
      <p className="mt-2 text-muted">{t.intro}</p>

      <div className="mt-8">
        <StatTiles
          label={t.countersLabel}
          tiles={[
            { icon: Film, label: t.totalVideos, value: s ? formatInteger(s.totalVideos) : null },
            { icon: Tags, label: t.totalCategories, value: s ? formatInteger(s.totalCategories) : null },
            {
              icon: Eye,
              label: t.totalViews,
              value: s ? formatCompactViews(s.totalViews) : null,
              caption: s ? videoText.views(s.totalViews, formatInteger(s.totalViews)) : null,
            },
            {
              icon: Star,
              label: t.bestRating,
              value: s ? (s.bestRated ? t.bestRatingValue(formatRating(s.bestRating)) : "—") : null,
              caption: s ? (s.bestRated ? t.bestRatedBy(s.bestRated.title) : t.noRatingYet) : null,
            },
          ]}
        />
      </div>

      <div className="mt-10">
        <GenreFilter
          categories={genres.data?.items}
          totalVideos={s?.totalVideos}
          selected={genre}
          onSelect={select}
        />
      </div>

      <div className="mt-8">
        <GenreVideos genre={genre} onShowAll={() => select(null)} renderVideos={renderVideoGrid} />
      </div>
    </section>
  );
}
