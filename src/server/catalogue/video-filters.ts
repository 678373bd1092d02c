import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { FilterLanguage, VideoListQuery, VideoSort } from "#contract/catalogue";
import { videos } from "#db/schema/catalogue";

/**
 * spec §2 Explore (Filtres panel) and §5 (Year, Rating filters). Conditions are written on the
 * `videos` table so that both the plain list and the search (which joins `videos` by that name)
 * can use them.
 */

/**
 * spec §9 lists the filter languages as FR EN ES DE IT; videos store the language's name as the
 * video form offers it (spec §5: Français, English, Español, Deutsch, Italiano), and imported
 * catalogues sometimes use the French names of the languages.
 */
const languageNames: Record<FilterLanguage, string[]> = {
  fr: ["Français"],
  en: ["English", "Anglais"],
  es: ["Español", "Espagnol"],
  de: ["Deutsch", "Allemand"],
  it: ["Italiano", "Italien"],
};

export type VideoFilters = Pick<
  VideoListQuery,
  "type" | "categories" | "language" | "yearMin" | "yearMax" | "ratingMin" | "ratingMax"
>;

export function videoFilterCondition(f: VideoFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    f.type ? eq(videos.type, f.type) : undefined,
    f.language ? inArray(videos.language, languageNames[f.language]) : undefined,
    f.yearMin !== undefined ? gte(videos.year, f.yearMin) : undefined,
    f.yearMax !== undefined ? lte(videos.year, f.yearMax) : undefined,
    f.ratingMin !== undefined ? gte(videos.averageRating, f.ratingMin) : undefined,
    f.ratingMax !== undefined ? lte(videos.averageRating, f.ratingMax) : undefined,
  ];
  if (f.categories && f.categories.length > 0) {
    // Any of the chosen categories (checkboxes add up). "videos"."id" is qualified by hand: Drizzle
    // renders ${videos.id} unqualified, which inside this subquery would mean vc's or c's column.
    const names = sql.join(
      f.categories.map((name) => sql`lower(${name})`),
      sql`, `,
    );
    conditions.push(sql`exists (
      select 1 from video_categories vc join categories c on c.id = vc.category_id
      where vc.video_id = "videos"."id" and lower(c.name) in (${names}))`);
  }
  return and(...conditions);
}

/**
 * spec §2 sort modes, each with a unique tie-break on id so that pages never overlap. Title A-Z
 * compares folded titles (accents and case ignored) so that « Élise » sorts with the E's on every
 * server, whatever its collation.
 */
export function videoOrder(sort: Exclude<VideoSort, "relevance">): SQL[] {
  switch (sort) {
    case "recent":
      return [desc(videos.createdAt), desc(videos.id)];
    case "title":
      return [sql`bobine_fold(${videos.title})`, asc(videos.title), asc(videos.id)];
    case "year":
      return [desc(videos.year), desc(videos.createdAt), desc(videos.id)];
    case "rating":
      return [desc(videos.averageRating), desc(videos.totalRatings), desc(videos.id)];
    case "views":
      return [desc(videos.views), desc(videos.id)];
  }
}
