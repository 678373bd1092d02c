import { z } from "zod";
import { endpoint } from "./endpoint.ts";

export const videoTypes = ["movie", "series"] as const;
export const videoType = z.enum(videoTypes);

/** spec §3 Category, as exposed. */
export const category = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  createdAt: z.iso.datetime({ offset: true }),
  videoCount: z.number().int().nonnegative(),
});
export type Category = z.infer<typeof category>;

/**
 * spec §3 Video, exposed camelCase. `category` is the list of category names, main first
 * (the spec allows a string or a list). Never carries the media URL: playback goes through
 * the stream endpoint (SECURITY-CHECKLIST 19).
 */
export const videoSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  backdrop: z.string().nullable(),
  category: z.array(z.string()),
  year: z.number().int(),
  language: z.string(),
  duration: z.string(),
  type: videoType,
  maturity: z.enum(["all", "teen", "mature"]),
  views: z.number().int().nonnegative(),
  averageRating: z.number().min(0).max(5),
  totalRatings: z.number().int().nonnegative(),
  totalSeasons: z.number().int().positive(),
  totalEpisodes: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type VideoSummary = z.infer<typeof videoSummary>;

export const videoListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  type: videoType.optional(),
});

export const videoListResponse = z.object({
  items: z.array(videoSummary),
  total: z.number().int().nonnegative(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type VideoListResponse = z.infer<typeof videoListResponse>;

export const listVideos = endpoint({
  method: "GET",
  path: "/api/videos",
  summary: "Liste des vidéos, les plus récentes d'abord",
  tags: ["catalogue"],
  query: videoListQuery,
  response: videoListResponse,
});

export const listCategories = endpoint({
  method: "GET",
  path: "/api/categories",
  summary: "Catégories avec leur nombre de vidéos",
  tags: ["catalogue"],
  response: z.object({ items: z.array(category) }),
});
