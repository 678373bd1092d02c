import { z } from "zod";
import { videoSummary } from "./catalogue.ts";
import { endpoint } from "./endpoint.ts";

/** spec §3 Episode, as exposed (never its media URL: playback goes through the stream). */
export const episodeSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  duration: z.string(),
  seasonNumber: z.number().int().positive(),
  episodeNumber: z.number().int().positive(),
});
export type EpisodeSummary = z.infer<typeof episodeSummary>;

/**
 * spec §2 Info modal: the video with its creator (the account that added it, when it still
 * exists) and, for a series, every episode by season then number (the info view shows the first
 * 6, the player's episode panel shows them all).
 */
export const videoDetail = videoSummary.extend({
  creator: z.string().nullable(),
  /** Members who like the video (« J'aime », docs/decisions/040-likes-are-their-own-mark.md). */
  likes: z.number().int().nonnegative(),
  episodes: z.array(episodeSummary),
});
export type VideoDetail = z.infer<typeof videoDetail>;

const videoIdParams = z.object({ id: z.uuid({ error: "Identifiant de vidéo invalide." }) });

export const getVideo = endpoint({
  method: "GET",
  path: "/api/videos/:id",
  summary: "Une vidéo avec son créateur et, pour une série, ses épisodes par saison",
  tags: ["catalogue"],
  access: "public",
  params: videoIdParams,
  response: videoDetail,
});

/** spec §9: related videos of the same category, up to 12 (the info view shows 3 of 6 fetched). */
export const SIMILAR_MAX = 12;
export const SIMILAR_DEFAULT = 6;
export const SIMILAR_SHOWN = 3;

export const getSimilarVideos = endpoint({
  method: "GET",
  path: "/api/videos/:id/similar",
  summary:
    "Vidéos de la même catégorie principale (puis des autres catégories de la vidéo), les plus aimées et vues d'abord",
  tags: ["catalogue"],
  access: "public",
  params: videoIdParams,
  query: z.object({ limit: z.coerce.number().int().min(1).max(SIMILAR_MAX).default(SIMILAR_DEFAULT) }),
  response: z.object({ items: z.array(videoSummary) }),
});
