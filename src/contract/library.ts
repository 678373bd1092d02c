import { z } from "zod";
import { videoSummary } from "./catalogue.ts";
import { endpoint } from "./endpoint.ts";
import { nextCursor, pageCursor } from "./paging.ts";

/**
 * A member's library: favourites (« Ma liste », spec §2, §3 Favorite, §7 favorites), ratings
 * (spec §3 Rating, §5 Ratings, §7 ratings) and likes (« J'aime », spec §2; a mark of its own, never
 * a rating: docs/decisions/040-likes-are-their-own-mark.md). Every endpoint acts for the signed-in
 * member only.
 */

/** French messages of the library's rules (spec §5, §8). */
export const libraryMessages = {
  /** spec §8 Favourites: duplicate favourite. */
  alreadyFavorite: "Déjà en favoris",
  alreadyFavoriteText: "Cette vidéo est déjà dans vos favoris.",
  ratingRange: "La note doit être un nombre entier de 0 à 5 (0 retire votre note).",
  unknownSort: "Tri inconnu : récents, titre, année, note ou vues.",
} as const;

/** spec §9 Rating scale 5; spec §5: whole stars 1 to 5, giving 0 removes the rating. */
export const RATING_MAX = 5;
export const ratingValue = z
  .number({ error: libraryMessages.ratingRange })
  .int(libraryMessages.ratingRange)
  .min(0, libraryMessages.ratingRange)
  .max(RATING_MAX, libraryMessages.ratingRange);

/** spec §9 Sorts: favourites (recent, title, year, rating, views). `recent` = most recently added. */
export const favoriteSorts = ["recent", "title", "year", "rating", "views"] as const;
export type FavoriteSort = (typeof favoriteSorts)[number];

const videoIdParams = z.object({ videoId: z.uuid() });

export const favoriteIdsResponse = z.object({ ids: z.array(z.uuid()) });

export const getFavoriteIds = endpoint({
  method: "GET",
  path: "/api/favorites/ids",
  summary: "Identifiants de toutes les vidéos de « Ma liste » du membre connecté",
  tags: ["library"],
  access: "member",
  response: favoriteIdsResponse,
});

export const addFavoriteBody = z.object({ videoId: z.uuid() });

export const favoriteAdded = z.object({
  videoId: z.uuid(),
  addedAt: z.iso.datetime({ offset: true }),
});
export type FavoriteAdded = z.infer<typeof favoriteAdded>;

export const addFavorite = endpoint({
  method: "POST",
  path: "/api/favorites",
  summary: "Ajoute une vidéo à « Ma liste » (201 ; 409 ALREADY_FAVORITE si elle y est déjà)",
  tags: ["library"],
  access: "member",
  body: addFavoriteBody,
  response: favoriteAdded,
});

export const removeFavorite = endpoint({
  method: "DELETE",
  path: "/api/favorites/:videoId",
  summary: "Retire une vidéo de « Ma liste » (204, même si elle n'y était pas)",
  tags: ["library"],
  access: "member",
  params: videoIdParams,
  response: z.null(),
});

export const favoriteListQuery = z.object({
  sort: z.enum(favoriteSorts, { error: libraryMessages.unknownSort }).default("recent"),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  /** Older clients' paging; a `cursor`, when given, wins. */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** The previous page's `nextCursor` (docs/decisions/031-keyset-paging.md). */
  cursor: pageCursor.optional(),
});
export type FavoriteListQuery = z.output<typeof favoriteListQuery>;

export const favoriteItem = videoSummary.extend({ addedAt: z.iso.datetime({ offset: true }) });
export type FavoriteItem = z.infer<typeof favoriteItem>;

/** spec §2 Ma liste: the four tiles, computed over the whole list (not the page). */
export const favoriteStats = z.object({
  total: z.number().int().nonnegative(),
  /** Mean of the rated videos' average ratings, one decimal; 0 when none is rated. */
  averageRating: z.number().min(0).max(RATING_MAX),
  /** Distinct categories, counting each video by its first (main) category. */
  categories: z.number().int().nonnegative(),
  totalViews: z.number().int().nonnegative(),
});
export type FavoriteStats = z.infer<typeof favoriteStats>;

export const favoriteCategory = z.object({ name: z.string(), count: z.number().int().positive() });
export type FavoriteCategory = z.infer<typeof favoriteCategory>;

export const favoriteListResponse = z.object({
  items: z.array(favoriteItem),
  total: z.number().int().nonnegative(),
  stats: favoriteStats,
  /** Favourite categories (by first category) with their counts, most frequent first. */
  categories: z.array(favoriteCategory),
  nextCursor,
});
export type FavoriteListResponse = z.infer<typeof favoriteListResponse>;

export const listFavorites = endpoint({
  method: "GET",
  path: "/api/favorites",
  summary: "« Ma liste » du membre connecté : vidéos triées, statistiques et catégories favorites",
  tags: ["library"],
  access: "member",
  query: favoriteListQuery,
  response: favoriteListResponse,
});

export const rateVideoBody = z.object({ rating: ratingValue });

export const ratingResult = z.object({
  /** The member's rating after the write; null when removed (rating 0). */
  rating: z.number().int().min(1).max(RATING_MAX).nullable(),
  averageRating: z.number().min(0).max(RATING_MAX),
  totalRatings: z.number().int().nonnegative(),
});
export type RatingResult = z.infer<typeof ratingResult>;

export const rateVideo = endpoint({
  method: "PUT",
  path: "/api/ratings/:videoId",
  summary: "Note une vidéo de 1 à 5 étoiles (0 retire la note) ; renvoie la moyenne et le nombre de notes",
  tags: ["library"],
  access: "member",
  params: videoIdParams,
  body: rateVideoBody,
  response: ratingResult,
});

export const myVideoState = z.object({
  favorite: z.boolean(),
  rating: z.number().int().min(1).max(RATING_MAX).nullable(),
  liked: z.boolean(),
});
export type MyVideoState = z.infer<typeof myVideoState>;

export const getMyVideoState = endpoint({
  method: "GET",
  path: "/api/me/videos/:videoId",
  summary: "Si la vidéo est dans « Ma liste » du membre connecté, sa note, et s'il l'aime",
  tags: ["library"],
  access: "member",
  params: videoIdParams,
  response: myVideoState,
});

export const getLikedIds = endpoint({
  method: "GET",
  path: "/api/likes/ids",
  summary: "Identifiants de toutes les vidéos que le membre connecté aime (« J'aime »)",
  tags: ["library"],
  access: "member",
  response: favoriteIdsResponse,
});

export const likeResult = z.object({
  /** Whether the member likes the video after the write. */
  liked: z.boolean(),
  /** The video's count of likes after the write. */
  likes: z.number().int().nonnegative(),
});
export type LikeResult = z.infer<typeof likeResult>;

export const likeVideo = endpoint({
  method: "PUT",
  path: "/api/likes/:videoId",
  summary: "« J'aime » une vidéo (idempotent ; ne touche jamais à la note) ; renvoie le nombre de J'aime",
  tags: ["library"],
  access: "member",
  params: videoIdParams,
  response: likeResult,
});

export const unlikeVideo = endpoint({
  method: "DELETE",
  path: "/api/likes/:videoId",
  summary: "Retire le « J'aime » du membre (idempotent) ; renvoie le nombre de J'aime de la vidéo",
  tags: ["library"],
  access: "member",
  params: videoIdParams,
  response: likeResult,
});
