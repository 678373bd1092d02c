import { z } from "zod";
import { adminPage, adminPageOf, adminSearch, bulkIds, imageRef, mediaRef } from "./admin-common.ts";
import { videoTypes } from "./catalogue.ts";
import { endpoint } from "./endpoint.ts";
import { text } from "./text.ts";

/**
 * The catalogue as administrators manage it (spec §2 Admin panel « Vidéos », §4 Video form, §5
 * Video form, §7 videos and episodes, the wrapper's createVideo … deleteEpisode): a table with
 * search and category filter, the video form with its episodes by season, images, bulk actions.
 */

/** spec §5 Video form: the languages of the form. */
export const VIDEO_LANGUAGES = [
  "Français",
  "English",
  "Español",
  "Deutsch",
  "Italiano",
  "日本語",
  "한국어",
  "中文",
] as const;
export type VideoLanguage = (typeof VIDEO_LANGUAGES)[number];

/** spec §5 Video form: year 1900 to the current year plus 5 (checked when the form is sent). */
export const VIDEO_YEAR_MIN = 1900;
export const videoYearMax = (now = new Date()) => now.getFullYear() + 5;
/** spec §9: a new episode's duration is shown '45min'. */
export const DEFAULT_EPISODE_DURATION = "45min";
/** Our bounds: a video's categories, a series' seasons, the episodes one save carries. */
export const VIDEO_CATEGORIES_MAX = 5;
export const SEASONS_MAX = 100;
export const EPISODES_PER_SAVE_MAX = 500;
/** spec §3 Video maturity, for parental control (docs/decisions/008-parental-control.md). */
export const maturityLevels = ["all", "teen", "mature"] as const;

/** French messages of the video form's rules (spec §5 Video form). */
export const adminVideoMessages = {
  typeRequired: "Choisissez le type\u00a0: film ou série.",
  titleRequired: "Le titre est requis.",
  titleTooLong: "Le titre ne peut pas dépasser 200 caractères.",
  categoryRequired: "Choisissez au moins une catégorie.",
  tooManyCategories: `Une vidéo a au plus ${VIDEO_CATEGORIES_MAX} catégories.`,
  unknownCategory: "Une des catégories choisies n'existe plus\u00a0: rechargez le formulaire.",
  descriptionRequired: "La description est requise.",
  descriptionTooLong: "La description ne peut pas dépasser 5000 caractères.",
  yearRange: "L'année doit être comprise entre 1900 et l'année en cours plus 5.",
  yearBetween: (min: number, max: number) => `L'année doit être comprise entre ${min} et ${max}.`,
  durationRequired: "La durée est requise (par exemple 120min).",
  durationInvalid: "Durée invalide\u00a0: en minutes (120min) ou en heures (2h05).",
  languageUnknown:
    "Langue inconnue\u00a0: Français, English, Español, Deutsch, Italiano, 日本語, 한국어 ou 中文.",
  maturityUnknown: "Public inconnu\u00a0: tous publics, 13+ ou 18+.",
  videoUrlRequired:
    "L'adresse de la vidéo est requise pour publier un film\u00a0: indiquez-la, ou enregistrez le film en brouillon pour envoyer son fichier.",
  publishNeedsMedia:
    "Pour publier ce film, indiquez l'adresse de sa vidéo ou envoyez son fichier et attendez qu'il soit lisible (onglet « En cours »), ou enregistrez-le en brouillon.",
  videoFileMissing:
    "Ce fichier n'est pas dans la médiathèque (dossier videos du stockage des médias)\u00a0: vérifiez son nom.",
  seasonsRange: `Le nombre de saisons doit être compris entre 1 et ${SEASONS_MAX}.`,
  episodeTitleRequired: "Le titre de l'épisode est requis.",
  episodeSeasonRange: "La saison de l'épisode doit être comprise entre 1 et le nombre de saisons.",
  episodeNumberRange: "Le numéro de l'épisode doit être compris entre 1 et 9999.",
  episodeDuplicate: (season: number, episode: number) =>
    `Deux épisodes portent le numéro ${episode} dans la saison ${season}.`,
  episodeUnknown: "Cet épisode n'appartient pas à cette série ou a été supprimé\u00a0: rechargez la vidéo.",
  episodeBeyondSeasons: (season: number) =>
    `La saison ${season} a des épisodes\u00a0: gardez au moins ${season} saisons ou supprimez d'abord ces épisodes.`,
  episodeTaken: (season: number, episode: number) =>
    `L'épisode ${episode} de la saison ${season} existe déjà dans cette série.`,
  tooManyEpisodes: `Au plus ${EPISODES_PER_SAVE_MAX} épisodes par enregistrement.`,
  versionRequired: "Version de la vidéo manquante\u00a0: rechargez-la.",
  versionConflict:
    "Cette vidéo a été modifiée par un autre administrateur depuis que vous l'avez ouverte\u00a0: rechargez-la pour voir ses changements, puis refaites les vôtres.",
  bulkCategoryRequired: "Choisissez la catégorie à donner aux vidéos.",
  bulkActionUnknown: "Action inconnue\u00a0: supprimer, ou changer de catégorie.",
} as const;

const m = adminVideoMessages;

const title = text({ max: 200, min: 1, required: m.titleRequired, tooLong: m.titleTooLong });
const description = text({
  max: 5000,
  min: 1,
  multiline: true,
  required: m.descriptionRequired,
  tooLong: m.descriptionTooLong,
});
/** spec §3: duration is free text such as '120min'; we keep it readable: minutes or hours. */
const DURATION = /^(\d{1,4} ?min|\d{1,2} ?h( ?\d{1,2}( ?min)?)?)$/i;
const duration = text({ max: 20, min: 1, required: m.durationRequired, tooLong: m.durationInvalid })
  .regex(DURATION, m.durationInvalid)
  // Some time at all: « 0min » or « 0h » is not a duration.
  .refine((v) => /[1-9]/.test(v), m.durationInvalid);
const year = z
  .number({ error: m.yearRange })
  .int(m.yearRange)
  // The message gives the years themselves (« entre 1900 et 2031 »), read when it is checked.
  .refine((y) => y >= VIDEO_YEAR_MIN && y <= videoYearMax(), {
    error: () => m.yearBetween(VIDEO_YEAR_MIN, videoYearMax()),
  });

export const episodeInput = z.object({
  /** A saved episode's id (updated); absent for a new one (created). */
  id: z.uuid().optional(),
  title: text({ max: 200, min: 1, required: m.episodeTitleRequired, tooLong: m.titleTooLong }),
  description: text({ max: 5000, multiline: true, tooLong: m.descriptionTooLong }).default(""),
  thumbnail: imageRef.nullable().default(null),
  duration: duration.default(DEFAULT_EPISODE_DURATION),
  seasonNumber: z
    .number({ error: m.episodeSeasonRange })
    .int(m.episodeSeasonRange)
    .min(1, m.episodeSeasonRange)
    .max(SEASONS_MAX, m.episodeSeasonRange),
  episodeNumber: z
    .number({ error: m.episodeNumberRange })
    .int(m.episodeNumberRange)
    .min(1, m.episodeNumberRange)
    .max(9999, m.episodeNumberRange),
  videoUrl: mediaRef.nullable().default(null),
});
export type EpisodeInput = z.input<typeof episodeInput>;

/** The video form's fields (the catalogue import reads the same, with category names). */
export const videoFields = z.object({
  type: z.enum(videoTypes, { error: m.typeRequired }),
  title,
  categoryIds: z
    .array(z.uuid({ error: m.unknownCategory }), { error: m.categoryRequired })
    .min(1, m.categoryRequired)
    .max(VIDEO_CATEGORIES_MAX, m.tooManyCategories),
  description,
  year,
  duration,
  language: z.enum(VIDEO_LANGUAGES, { error: m.languageUnknown }),
  maturity: z.enum(maturityLevels, { error: m.maturityUnknown }).default("all"),
  thumbnail: imageRef.nullable().default(null),
  backdrop: imageRef.nullable().default(null),
  videoUrl: mediaRef.nullable().default(null),
  totalSeasons: z
    .number({ error: m.seasonsRange })
    .int(m.seasonsRange)
    .min(1, m.seasonsRange)
    .max(SEASONS_MAX, m.seasonsRange)
    .default(1),
  episodes: z.array(episodeInput).max(EPISODES_PER_SAVE_MAX, m.tooManyEpisodes).default([]),
  /**
   * Offered to members (docs/decisions/052-drafts.md); false keeps it a draft, seen only here. A
   * film is published with its video: an address, or an uploaded file transcoded far enough to play.
   */
  published: z.boolean().default(true),
});

/**
 * Whether a film may be published as sent (spec §5 "movie video URL required"): it has its address,
 * or an uploaded file already playable (`mediaReady`, which only the server and the loaded form
 * know); a draft may wait for either.
 */
export const filmLacksMedia = (
  v: { type: "movie" | "series"; videoUrl: string | null; published: boolean },
  mediaReady: boolean,
) => v.type === "movie" && v.published && !v.videoUrl && !mediaReady;

/**
 * spec §5 Video form, the rules across fields: a series' episodes are in its seasons and numbered
 * once per season (a film's video is checked with what is uploaded: filmLacksMedia). spec §4: a
 * film has no episodes (switching to film clears them) and one season.
 */
export function videoRules(
  v: {
    type: "movie" | "series";
    totalSeasons: number;
    episodes: { seasonNumber: number; episodeNumber: number }[];
  },
  ctx: z.RefinementCtx,
) {
  if (v.type !== "series") return;
  const seen = new Set<string>();
  v.episodes.forEach((e, i) => {
    if (e.seasonNumber > v.totalSeasons) {
      ctx.addIssue({ code: "custom", path: ["episodes", i, "seasonNumber"], message: m.episodeSeasonRange });
    }
    const key = `${e.seasonNumber}:${e.episodeNumber}`;
    if (seen.has(key)) {
      ctx.addIssue({
        code: "custom",
        path: ["episodes", i, "episodeNumber"],
        message: m.episodeDuplicate(e.seasonNumber, e.episodeNumber),
      });
    }
    seen.add(key);
  });
}

export const asStored = <T extends { type: "movie" | "series"; episodes: unknown[]; totalSeasons: number }>(
  v: T,
): T => (v.type === "movie" ? { ...v, episodes: [], totalSeasons: 1 } : v);

/** The video form (spec §3 Video, §5): what an administrator sends to create a video. */
export const videoInput = videoFields.superRefine(videoRules).transform(asStored);
export type VideoInput = z.input<typeof videoInput>;

/**
 * An edit: the form and the version it was opened at. Saved episodes (with their id) are updated,
 * new ones created, in one transaction; an episode is deleted only by its own endpoint (spec §4).
 */
export const videoUpdateInput = videoFields
  .extend({
    version: z.number({ error: m.versionRequired }).int(m.versionRequired).min(1, m.versionRequired),
  })
  .superRefine(videoRules)
  .transform(asStored);
export type VideoUpdateInput = z.input<typeof videoUpdateInput>;

/** An episode as the form edits it (with its media, which members never get). */
export const adminEpisode = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  duration: z.string(),
  seasonNumber: z.number().int(),
  episodeNumber: z.number().int(),
  videoUrl: z.string().nullable(),
});
export type AdminEpisode = z.infer<typeof adminEpisode>;

/** A video as the form edits it: every field, its categories' ids, its version, its episodes by season. */
export const adminVideo = z.object({
  id: z.uuid(),
  type: z.enum(videoTypes),
  title: z.string(),
  description: z.string(),
  categoryIds: z.array(z.uuid()),
  category: z.array(z.string()),
  year: z.number().int(),
  duration: z.string(),
  language: z.string(),
  maturity: z.enum(maturityLevels),
  thumbnail: z.string().nullable(),
  backdrop: z.string().nullable(),
  videoUrl: z.string().nullable(),
  /** Offered to members; false: a draft (decision 052). */
  published: z.boolean(),
  /** A film's uploaded file is transcoded far enough to play (its ladder has a rung). */
  mediaReady: z.boolean(),
  totalSeasons: z.number().int(),
  totalEpisodes: z.number().int(),
  views: z.number().int(),
  averageRating: z.number(),
  totalRatings: z.number().int(),
  version: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  episodes: z.array(adminEpisode),
});
export type AdminVideo = z.infer<typeof adminVideo>;

/** spec §2 Admin « Vidéos » table: thumbnail, title, duration, category, year, views, rating with count. */
export const adminVideoRow = z.object({
  id: z.uuid(),
  type: z.enum(videoTypes),
  title: z.string(),
  thumbnail: z.string().nullable(),
  duration: z.string(),
  category: z.array(z.string()),
  year: z.number().int(),
  views: z.number().int(),
  averageRating: z.number(),
  totalRatings: z.number().int(),
  totalEpisodes: z.number().int(),
  published: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminVideoRow = z.infer<typeof adminVideoRow>;

const videoIdParams = z.object({ id: z.uuid() });

export const listAdminVideos = endpoint({
  method: "GET",
  path: "/api/admin/videos",
  summary: "Administrateurs\u00a0: vidéos, les plus récentes d'abord, par recherche (titre) et catégorie",
  tags: ["admin"],
  access: "admin",
  query: z.object({
    ...adminPage,
    q: adminSearch.optional(),
    categoryId: z.uuid().optional(),
    type: z.enum(videoTypes).optional(),
  }),
  response: adminPageOf(adminVideoRow),
});

export const getAdminVideo = endpoint({
  method: "GET",
  path: "/api/admin/videos/:id",
  summary: "Administrateurs\u00a0: une vidéo pour le formulaire (média, version, épisodes par saison)",
  tags: ["admin"],
  access: "admin",
  params: videoIdParams,
  response: adminVideo,
});

export const createVideo = endpoint({
  method: "POST",
  path: "/api/admin/videos",
  summary: "Administrateurs\u00a0: ajoute un film, ou une série avec ses épisodes (201)",
  tags: ["admin"],
  access: "admin",
  body: videoInput,
  response: adminVideo,
});

export const updateVideo = endpoint({
  method: "PUT",
  path: "/api/admin/videos/:id",
  summary:
    "Administrateurs\u00a0: modifie une vidéo et ses épisodes en une transaction (409 si elle a changé depuis sa version)",
  tags: ["admin"],
  access: "admin",
  params: videoIdParams,
  body: videoUpdateInput,
  response: adminVideo,
});

export const deleteVideo = endpoint({
  method: "DELETE",
  path: "/api/admin/videos/:id",
  summary:
    "Administrateurs\u00a0: supprime une vidéo, ses épisodes, sous-titres, favoris, notes, historiques et fichiers",
  tags: ["admin"],
  access: "admin",
  params: videoIdParams,
  response: z.object({ deleted: z.literal(1), files: z.number().int().nonnegative() }),
});

export const deleteEpisode = endpoint({
  method: "DELETE",
  path: "/api/admin/episodes/:id",
  summary:
    "Administrateurs\u00a0: supprime un épisode enregistré (et ses sous-titres) ; la série change de version",
  tags: ["admin"],
  access: "admin",
  params: z.object({ id: z.uuid() }),
  response: z.object({
    seriesId: z.uuid(),
    version: z.number().int(),
    totalEpisodes: z.number().int().nonnegative(),
  }),
});

/** Bulk actions on the « Vidéos » table: one confirmation, one transaction. */
export const bulkVideosInput = z
  .object({
    action: z.enum(["delete", "category"], { error: m.bulkActionUnknown }),
    videoIds: bulkIds,
    /** The category every chosen video gets (its only one), for `category`. */
    categoryId: z.uuid({ error: m.bulkCategoryRequired }).optional(),
  })
  .refine((b) => b.action !== "category" || b.categoryId !== undefined, {
    path: ["categoryId"],
    message: m.bulkCategoryRequired,
  });
export type BulkVideosInput = z.input<typeof bulkVideosInput>;

export const bulkVideos = endpoint({
  method: "POST",
  path: "/api/admin/videos/bulk",
  summary: "Administrateurs\u00a0: supprime des vidéos ou leur donne une catégorie, en une transaction",
  tags: ["admin"],
  access: "admin",
  body: bulkVideosInput,
  response: z.object({ changed: z.number().int().nonnegative() }),
});

/** Posters, backdrops and episode thumbnails sent to Bobine (docs/decisions/016-uploads.md). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const imageKinds = ["poster", "backdrop", "thumbnail"] as const;
export type ImageKind = (typeof imageKinds)[number];

export const adminImageMessages = {
  kindUnknown: "Type d'image inconnu\u00a0: affiche, image de fond ou vignette.",
  missing: "Aucune image reçue\u00a0: choisissez un fichier.",
  notAnImage: "Ce fichier n'est pas une image JPEG, PNG, WebP, GIF ou AVIF lisible.",
  tooLarge: "Cette image est trop grande (10 Mo et 40 millions de pixels au plus).",
} as const;

export const uploadImage = endpoint({
  method: "POST",
  path: "/api/admin/images",
  summary:
    "Administrateurs\u00a0: envoie une affiche, une image de fond ou une vignette (corps\u00a0: le fichier) ; vérifiée, réencodée en WebP, gardée par Bobine",
  tags: ["admin"],
  access: "admin",
  query: z.object({ kind: z.enum(imageKinds, { error: adminImageMessages.kindUnknown }) }),
  uploads: {
    types: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif", "application/octet-stream"],
    maxBytes: IMAGE_MAX_BYTES,
  },
  response: z.object({
    url: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    bytes: z.number().int().positive(),
  }),
});

/**
 * spec §7 discord-webhook: what Bobine POSTs to CONTENT_WEBHOOK_URL when a film, a series or an
 * episode is added (the spec's fields, plus `content` and `embeds` so that a Discord channel's
 * webhook shows it as it is). French typography: non-breaking spaces inside « » and before « : ».
 */
export const contentWebhookBody = z.object({
  type: z.enum(["movie", "series", "episode"]),
  title: z.string(),
  category: z.string().nullable(),
  addedBy: z.string(),
  /** spec §7: "videoUrl as id" — the video's id (the series' for an episode), never a media address. */
  videoUrl: z.uuid(),
  thumbnail: z.string().nullable(),
  seriesTitle: z.string().nullable(),
  episodeNumber: z.number().int().nullable(),
  seasonNumber: z.number().int().nullable(),
});
export type ContentWebhookBody = z.infer<typeof contentWebhookBody>;

export const contentWebhookTexts = {
  movie: (app: string, title: string) => `Nouveau film sur ${app}\u00a0: «\u00a0${title}\u00a0»`,
  series: (app: string, title: string) => `Nouvelle série sur ${app}\u00a0: «\u00a0${title}\u00a0»`,
  episode: (series: string, season: number, episode: number, title: string) =>
    `Nouvel épisode de «\u00a0${series}\u00a0»\u00a0: saison\u00a0${season}, épisode\u00a0${episode}, «\u00a0${title}\u00a0»`,
  addedBy: (name: string) => `Ajouté par ${name}`,
  category: "Catégorie",
} as const;
