import { z } from "zod";
import { videoSummary } from "./catalogue.ts";
import { endpoint } from "./endpoint.ts";

/**
 * The Categories page's counters and the Top-rated list (spec §2 "Categories page", "Top-rated";
 * §9 "Top-rated default 12"; §7 "top-rated list refreshes every 30 s").
 */

/** spec §9: the top-rated list shows 12 videos by default; a client may ask for up to 50. */
export const TOP_RATED_DEFAULT = 12;
export const TOP_RATED_MAX = 50;
/** spec §2 Top-rated: the first three carry a rank badge. */
export const TOP_RATED_BADGES = 3;

/**
 * Ranking rule of the top-rated list: a Bayesian (weighted) average, as film sites rank their
 * charts, so that one 5-star rating does not outrank 4.8 over 500 ratings. Every video starts with
 * PRIOR_VOTES imaginary ratings of PRIOR_MEAN (the middle of the 1–5 scale):
 *   score = (PRIOR_MEAN × PRIOR_VOTES + sum of ratings) / (PRIOR_VOTES + number of ratings)
 * One 5 scores (30 + 5) / 11 ≈ 3.18; 4.8 over 500 ratings scores ≈ 4.76. PRIOR_MEAN × PRIOR_VOTES
 * is a whole number, so equal scores are exactly equal and the tie-break below applies.
 */
export const TOP_RATED_PRIOR_MEAN = 3;
export const TOP_RATED_PRIOR_VOTES = 10;

export const catalogueSummaryResponse = z.object({
  totalVideos: z.number().int().nonnegative(),
  totalCategories: z.number().int().nonnegative(),
  totalViews: z.number().int().nonnegative(),
  /**
   * "Best rating": the average rating of the video ranked first by the top-rated rule (so the
   * counter and N° 1 of /top-rated always agree, and one lucky 5-star vote does not make it 5,0);
   * 0 when no video has been rated yet.
   */
  bestRating: z.number().min(0).max(5),
  /** The video that holds the best rating, for the counter's caption. */
  bestRated: z
    .object({
      id: z.uuid(),
      title: z.string(),
      averageRating: z.number().min(0).max(5),
      totalRatings: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type CatalogueSummary = z.infer<typeof catalogueSummaryResponse>;

export const getCatalogueSummary = endpoint({
  method: "GET",
  path: "/api/catalogue/summary",
  summary:
    "Compteurs de la page Catégories : nombre de vidéos, de catégories, vues au total et meilleure note " +
    "(la note moyenne de la vidéo classée première selon la règle des mieux notés, 0 sans aucune note)",
  tags: ["catalogue"],
  access: "public",
  response: catalogueSummaryResponse,
});

/** French message of the top-rated list's only parameter. */
export const topRatedMessages = {
  limitRange: `Le nombre de vidéos doit être un entier compris entre 1 et ${TOP_RATED_MAX}.`,
} as const;

export const topRatedQuery = z.object({
  limit: z.coerce
    .number({ error: topRatedMessages.limitRange })
    .int(topRatedMessages.limitRange)
    .min(1, topRatedMessages.limitRange)
    .max(TOP_RATED_MAX, topRatedMessages.limitRange)
    .default(TOP_RATED_DEFAULT),
});

export const topRatedResponse = z.object({
  /** Best first; the rank of a video is its position + 1. Only videos with at least one rating. */
  items: z.array(videoSummary).max(TOP_RATED_MAX),
  /** Summary of the list shown (spec §2 "summary stats"). */
  stats: z.object({
    /** Plain mean of the listed videos' average ratings, 2 decimals (0 for an empty list). */
    averageRating: z.number().min(0).max(5),
    totalRatings: z.number().int().nonnegative(),
    totalViews: z.number().int().nonnegative(),
  }),
});
export type TopRatedResponse = z.infer<typeof topRatedResponse>;

export const getTopRated = endpoint({
  method: "GET",
  path: "/api/top-rated",
  summary:
    `Les mieux notés (${TOP_RATED_DEFAULT} par défaut, ${TOP_RATED_MAX} au plus), vidéos ayant au moins une note. ` +
    `Classement par moyenne bayésienne : (${TOP_RATED_PRIOR_MEAN} × ${TOP_RATED_PRIOR_VOTES} + somme des notes) / ` +
    `(${TOP_RATED_PRIOR_VOTES} + nombre de notes), pour qu'une seule note de 5 ne passe pas devant 4,8 sur 500 notes ; ` +
    "à score égal : note moyenne, puis nombre de notes, puis vues (décroissants), puis identifiant. " +
    "Avec les totaux de la liste : moyenne des notes, nombre de notes, vues.",
  tags: ["catalogue"],
  access: "public",
  query: topRatedQuery,
  response: topRatedResponse,
});
