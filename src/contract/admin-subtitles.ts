import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { SUBTITLE_MAX_BYTES } from "./stream.ts";
import { text } from "./text.ts";

/**
 * Subtitles per film or episode (spec §2 Admin « manage subtitles », §3 Subtitle, §5 Subtitle, §7
 * subtitles and getSubtitles/addSubtitle/deleteSubtitle). The spec's « Upload de sous-titres non
 * implémenté » becomes an upload: an SRT or WebVTT file, its encoding detected, checked, and kept
 * as WebVTT by Bobine (docs/decisions/016-uploads.md).
 */

export const adminSubtitleMessages = {
  /** spec §5 Subtitle, word for word. */
  fieldsRequired: "Veuillez remplir tous les champs requis",
  languageInvalid:
    "Code de langue invalide\u00a0: deux ou trois lettres, éventuellement une région (fr, en, pt-BR).",
  languageNameTooLong: "Le nom de la langue ne peut pas dépasser 40 caractères.",
  notSubtitles: "Ce fichier n'est pas un sous-titre SRT ou WebVTT lisible (aucun dialogue horodaté trouvé).",
  binary: "Ce fichier n'est pas un texte\u00a0: envoyez un fichier .srt ou .vtt.",
  tooLarge: `Ce fichier de sous-titres est trop volumineux (${SUBTITLE_MAX_BYTES / 1024 / 1024} Mo au plus).`,
  episodeUnknown: "Cet épisode n'appartient pas à cette vidéo.",
  episodeRequired: "Choisissez l'épisode de la série auquel ces sous-titres appartiennent.",
  /** spec §8 Successes. */
  deleted: "Sous-titre supprimé",
} as const;

const m = adminSubtitleMessages;

/** A language code (BCP 47's language and optional region): fr, en, pt-BR. */
export const subtitleLanguage = text({
  max: 10,
  min: 1,
  required: m.fieldsRequired,
  tooLong: m.languageInvalid,
}).regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, m.languageInvalid);

export const adminSubtitle = z.object({
  id: z.uuid(),
  videoId: z.uuid(),
  episodeId: z.uuid().nullable(),
  language: z.string(),
  languageName: z.string(),
  isDefault: z.boolean(),
  /** Cues found in the file (its dialogue lines with their times). */
  cues: z.number().int().nonnegative().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminSubtitle = z.infer<typeof adminSubtitle>;

const videoIdParams = z.object({ id: z.uuid() });

export const listSubtitles = endpoint({
  method: "GET",
  path: "/api/admin/videos/:id/subtitles",
  summary: "Administrateurs\u00a0: les sous-titres d'une vidéo et de ses épisodes",
  tags: ["admin"],
  access: "admin",
  params: videoIdParams,
  response: z.object({ items: z.array(adminSubtitle) }),
});

/** What describes the file sent (spec §5: language code and name required). */
export const subtitleUploadQuery = z.object({
  language: subtitleLanguage,
  languageName: text({ max: 40, min: 1, required: m.fieldsRequired, tooLong: m.languageNameTooLong }),
  /** A series' subtitles belong to one of its episodes. */
  episodeId: z.uuid().optional(),
  /** "true": the track the player turns on by itself (the others of the film or episode no longer are). */
  isDefault: z.enum(["true", "false"]).default("false"),
});

export const uploadSubtitle = endpoint({
  method: "POST",
  path: "/api/admin/videos/:id/subtitles",
  summary:
    "Administrateurs\u00a0: ajoute des sous-titres (corps\u00a0: le fichier SRT ou WebVTT) ; encodage détecté, vérifiés, gardés en WebVTT (201)",
  tags: ["admin"],
  access: "admin",
  params: videoIdParams,
  query: subtitleUploadQuery,
  uploads: {
    types: ["application/octet-stream", "text/vtt", "application/x-subrip", "text/srt", "text/plain"],
    maxBytes: SUBTITLE_MAX_BYTES,
  },
  response: adminSubtitle,
});

export const updateSubtitle = endpoint({
  method: "PATCH",
  path: "/api/admin/subtitles/:id",
  summary: "Administrateurs\u00a0: renomme une piste de sous-titres ou en fait la piste par défaut",
  tags: ["admin"],
  access: "admin",
  params: z.object({ id: z.uuid() }),
  body: z
    .object({
      languageName: text({ max: 40, min: 1, required: m.fieldsRequired, tooLong: m.languageNameTooLong }),
      isDefault: z.boolean(),
    })
    .partial(),
  response: adminSubtitle,
});

export const deleteSubtitle = endpoint({
  method: "DELETE",
  path: "/api/admin/subtitles/:id",
  summary: "Administrateurs\u00a0: supprime des sous-titres et leur fichier",
  tags: ["admin"],
  access: "admin",
  params: z.object({ id: z.uuid() }),
  response: z.object({ deleted: z.literal(1), message: z.string() }),
});
