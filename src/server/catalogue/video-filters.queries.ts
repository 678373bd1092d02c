import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { filterLanguageNames, type VideoListQuery } from "#contract/catalogue";
import { videos } from "#db/schema/catalogue";
import { audienceCondition } from "../shared/audience.queries.ts";
import type { Audience } from "../shared/audience.ts";

/**
 * spec §2 Explore (Filtres panel) and §5 (Year, Rating filters). Conditions are written on the
 * `videos` table so that both the plain list and the search (which joins `videos` by that name)
 * can use them.
 */

export type VideoFilters = Pick<
  VideoListQuery,
  "type" | "categories" | "language" | "yearMin" | "yearMax" | "ratingMin" | "ratingMax"
>;

export function videoFilterCondition(f: VideoFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    f.type ? eq(videos.type, f.type) : undefined,
    f.language ? inArray(videos.language, [...filterLanguageNames[f.language]]) : undefined,
    f.yearMin !== undefined ? gte(videos.year, f.yearMin) : undefined,
    f.yearMax !== undefined ? lte(videos.year, f.yearMax) : undefined,
    f.ratingMin !== undefined ? gte(videos.averageRating, f.ratingMin) : undefined,
    f.ratingMax !== undefined ? lte(videos.averageRating, f.ratingMax) : undefined,
  ];
  if (f.categories && f.categories.length > 0) {
    // Any of the chosen categories (checkboxes add up): the names become ids once (an InitPlan
    // over the small categories table), then each row is tested on its own category_ids, a column
    // the sort indexes include (migration 0020): no join per row.
    const names = sql.join(
      f.categories.map((name) => sql`lower(${name})`),
      sql`, `,
    );
    conditions.push(sql`"videos"."category_ids" && (
      select coalesce(array_agg(c.id), '{}'::uuid[]) from categories c where lower(c.name) in (${names}))`);
  }
  return and(...conditions);
}

/** The Explorer's filters and what the audience may see (parental control, decision 008). */
export const catalogueCondition = (f: VideoFilters, audience: Audience): SQL | undefined =>
  and(videoFilterCondition(f), audienceCondition(audience));
