import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { text, tokenText } from "./text.ts";
import { publicUrl } from "./urls.ts";

/**
 * The media pipeline (decision 025; docs/decisions/025-media-pipeline.md, 026-tus-in-the-contract.md):
 * resumable uploads (tus), the transcoding queue an administrator watches, and the HLS ladder a
 * member plays through the stream ticket (capped by plan).
 */

/** The rungs of the ladder, lowest first, and the height each one has at most. */
export const RUNGS = ["360p", "480p", "720p", "1080p", "2160p"] as const;
export type Rung = (typeof RUNGS)[number];
export const RUNG_HEIGHT: Record<Rung, number> = {
  "360p": 360,
  "480p": 480,
  "720p": 720,
  "1080p": 1080,
  "2160p": 2160,
};

/** spec §9: basic streams at most 720p, premium and lifetime up to 4K (plan column max_quality). */
export const QUALITY_MAX_HEIGHT = { low: 480, medium: 720, high: 1080, ultra: 2160 } as const;

export const mediaMessages = {
  notAVideo:
    "Ce fichier n'est pas une vidéo lisible : choisissez un film ou un épisode (MP4, MKV, MOV, WebM…). Rien n'a été conservé.",
  tooLarge: (maxBytes: number) =>
    `Le fichier dépasse la taille maximale autorisée (${formatBytes(maxBytes)}).`,
  uploadNotFound: "Cet envoi est introuvable ou a expiré : recommencez l'envoi du fichier.",
  uploadTargetMissing: "Indiquez le film ou l'épisode auquel ce fichier appartient.",
  uploadLengthRequired: "La taille du fichier est requise pour commencer l'envoi.",
  uploadOffsetMismatch:
    "Le serveur n'a pas reçu la même quantité de données que le navigateur : l'envoi reprend depuis le bon endroit.",
  uploadBadChunk: "Morceau d'envoi invalide (en-têtes tus manquants ou incorrects).",
  uploadFailed: "L'envoi a échoué : réessayez.",
  assetNotFound: "Aucun média ne correspond.",
  /** The title of an imported film whose file name gives none (npm run media:import). */
  untitledImport: "Sans titre",
  notFailed: "Seul un transcodage en échec peut être relancé.",
  notReady: "Cette vidéo est en cours de préparation : revenez dans quelques minutes.",
  rungRefused: "Cette qualité n'est pas incluse dans votre abonnement.",
  externalUrlInvalid:
    "Adresse refusée : indiquez une adresse http(s) publique (ni localhost, ni adresse privée).",
  statuses: {
    queued: "En attente",
    transcoding: "Transcodage",
    ready: "Prête",
    failed: "Échec",
  },
  // The ffmpeg reasons an administrator reads (ffmpeg's own words are English).
  ffmpeg: {
    invalidData: "le fichier source est endommagé ou n'est pas une vidéo lisible",
    noMoov: "le fichier MP4 est incomplet (index « moov » absent) : renvoyez-le en entier",
    noSpace: "plus d'espace disque sur le serveur de transcodage",
    decoder: "le codec de ce fichier n'est pas pris en charge par ffmpeg sur ce serveur",
    permission: "ffmpeg n'a pas pu lire ou écrire un fichier (droits)",
    missingSource: "le fichier source a disparu du stockage",
    noVideo: "aucune piste vidéo dans le fichier source",
    killed: "ffmpeg a été interrompu (arrêt du processus ou manque de mémoire)",
    truncated: (made: string, announced: string) =>
      `le fichier source est tronqué : sa lecture s'arrête à ${made} sur les ${announced} qu'il annonce ; renvoyez-le en entier`,
    exit: (code: number | null, detail: string) =>
      `ffmpeg s'est arrêté (code ${code ?? "?"})${detail ? ` : ${detail}` : ""}`,
  },
  failedTask: (task: string, reason: string) => `Échec de « ${task} » : ${reason}.`,
  audioTrack: (n: number) => `Piste ${n}`,
} as const;

/** BCP 47 code and French name of the ISO 639-2 languages ffprobe reports on audio tracks. */
export const AUDIO_LANGUAGES: Record<string, [string, string]> = {
  fre: ["fr", "Français"],
  fra: ["fr", "Français"],
  eng: ["en", "Anglais"],
  ger: ["de", "Allemand"],
  deu: ["de", "Allemand"],
  spa: ["es", "Espagnol"],
  ita: ["it", "Italien"],
  jpn: ["ja", "Japonais"],
  por: ["pt", "Portugais"],
  dut: ["nl", "Néerlandais"],
  nld: ["nl", "Néerlandais"],
};

/** 1,5 Go, 700 Mo… (French decimal comma). */
export function formatBytes(bytes: number): string {
  const units = ["octets", "Ko", "Mo", "Go", "To"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const shown = unit === 0 ? String(Math.round(value)) : value.toFixed(value < 10 ? 1 : 0);
  return `${shown.replace(".", ",")} ${units[unit]}`;
}

/**
 * The address of a video hosted elsewhere (the URL field of the video form): http or https, a
 * public host — never loopback, a private network or a bare private address (SECURITY-CHECKLIST 22).
 */
export const externalVideoUrl = text({ max: 2000, required: mediaMessages.externalUrlInvalid }).refine(
  (value) => publicUrl(value, { protocols: ["http:", "https:"], addresses: "public" }) !== null,
  mediaMessages.externalUrlInvalid,
);

// ---------------------------------------------------------------------------------------------
// Uploads: the tus 1.0 protocol (docs/decisions/026-tus-in-the-contract.md). tus speaks with
// headers (Tus-Resumable, Upload-Length, Upload-Offset, Upload-Metadata) and raw bytes: these
// endpoints `produce` "tus", are answered by @tus/server behind the admin guard, and the upload's
// resource answers HEAD (where it stands) beside PATCH, as the media proxy answers HEAD beside GET.
// ---------------------------------------------------------------------------------------------

/** Upload-Metadata keys the web sends (base64 values, tus 1.0). The file name is never used. */
export const UPLOAD_METADATA = { videoId: "videoId", episodeId: "episodeId", fileName: "filename" } as const;

export const uploadParams = z.object({ uploadId: z.uuid() });

export const createUpload = endpoint({
  method: "POST",
  path: "/api/admin/media/uploads",
  summary:
    "Commence un envoi reprenable (tus 1.0 : Upload-Length, Upload-Metadata videoId[, episodeId]). 201 et Location. Taille limitée par MEDIA_UPLOAD_MAX_MB.",
  tags: ["médias"],
  access: "admin",
  produces: "tus",
  response: z.string().describe("Vide (réponse tus : en-têtes Location, Upload-Offset)"),
});

export const uploadChunk = endpoint({
  method: "PATCH",
  path: "/api/admin/media/uploads/:uploadId",
  summary:
    "Envoie un morceau (application/offset+octet-stream, Upload-Offset). HEAD sur la même adresse dit où en est l'envoi. Le dernier morceau déclenche la vérification ffprobe : 415 si ce n'est pas une vidéo.",
  tags: ["médias"],
  access: "admin",
  produces: "tus",
  params: uploadParams,
  response: z.string().describe("Vide (réponse tus : Upload-Offset)"),
});

export const cancelUpload = endpoint({
  method: "DELETE",
  path: "/api/admin/media/uploads/:uploadId",
  summary: "Annule un envoi en cours (tus termination) : rien n'est conservé.",
  tags: ["médias"],
  access: "admin",
  produces: "tus",
  params: uploadParams,
  response: z.string().describe("Vide"),
});

// ---------------------------------------------------------------------------------------------
// The transcoding queue (the admin's « En cours » tab).
// ---------------------------------------------------------------------------------------------

export const assetStatuses = ["queued", "transcoding", "ready", "failed"] as const;
export type AssetStatus = (typeof assetStatuses)[number];
export const taskStates = ["queued", "running", "ready", "failed"] as const;

export const mediaTask = z.object({
  /** `360p`…`2160p`, `audio-0`…, `poster`, `trickplay`. */
  name: z.string(),
  kind: z.enum(["video", "audio", "poster", "trickplay"]),
  state: z.enum(taskStates),
  progress: z.number().int().min(0).max(100),
});
export type MediaTask = z.infer<typeof mediaTask>;

export const mediaAsset = z.object({
  id: z.uuid(),
  videoId: z.uuid(),
  episodeId: z.uuid().nullable(),
  title: z.string(),
  status: z.enum(assetStatuses),
  progress: z.number().int().min(0).max(100),
  /** The reason of a failure, in French. */
  error: z.string().nullable(),
  /** A rung is ready: members may play it. */
  playable: z.boolean(),
  tasks: z.array(mediaTask),
  sourceBytes: z.number().int().nonnegative(),
  /** Seconds, once probed. */
  duration: z.number().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type MediaAsset = z.infer<typeof mediaAsset>;

export const assetParams = z.object({ assetId: z.uuid() });

export const listMediaAssets = endpoint({
  method: "GET",
  path: "/api/admin/media/assets",
  summary: "File de transcodage : médias en attente, en cours, en échec, puis les derniers prêts.",
  tags: ["médias"],
  access: "admin",
  query: z.object({ videoId: z.uuid().optional() }),
  response: z.object({ items: z.array(mediaAsset) }),
});

export const retryMediaAsset = endpoint({
  method: "POST",
  path: "/api/admin/media/assets/:assetId/retry",
  summary: "Relance les tâches en échec d'un média.",
  tags: ["médias"],
  access: "admin",
  params: assetParams,
  response: mediaAsset,
});

export const deleteMediaAsset = endpoint({
  method: "DELETE",
  path: "/api/admin/media/assets/:assetId",
  summary:
    "Supprime le média d'un film ou d'un épisode : échelle HLS, vignettes et original quittent le stockage.",
  tags: ["médias"],
  access: "admin",
  params: assetParams,
  response: z.null(),
});

// ---------------------------------------------------------------------------------------------
// HLS playback through the stream ticket (SECURITY-CHECKLIST 40): every URL carries the ticket;
// the names are checked by these schemas before anything else (no `..`, no other folder).
// ---------------------------------------------------------------------------------------------

/** A rung, or an audio rendition (`audio-0`, `audio-1`…). */
export const TRACK = /^(360p|480p|720p|1080p|2160p|audio-\d{1,2})$/;
/** The init segment or a media segment of a rendition. */
export const SEGMENT = /^(init\.mp4|seg-\d{5}\.m4s)$/;

const hlsToken = tokenText({ max: 2000, invalid: "Lien de lecture invalide pour ce contenu." });
export const hlsQuery = z.object({ token: hlsToken.optional() });
export const hlsTarget = z.object({ targetId: z.uuid() });
const track = z.string().max(12).regex(TRACK, "Piste inconnue.");
const segment = z.string().max(20).regex(SEGMENT, "Segment inconnu.");

export const hlsMaster = endpoint({
  method: "GET",
  path: "/api/stream/hls/:targetId/master.m3u8",
  summary:
    "Liste de lecture maîtresse HLS du ticket : seulement les qualités que permet le forfait (Essentiel ≤ 720p), pistes audio et sous-titres.",
  tags: ["lecture"],
  access: "public",
  produces: "playlist",
  params: hlsTarget,
  query: hlsQuery,
  response: z.string().describe("M3U8"),
});

export const hlsPlaylist = endpoint({
  method: "GET",
  path: "/api/stream/hls/:targetId/:track/index.m3u8",
  summary: "Liste de lecture d'une qualité ou d'une piste audio (403 au-delà du forfait).",
  tags: ["lecture"],
  access: "public",
  produces: "playlist",
  params: hlsTarget.extend({ track }),
  query: hlsQuery,
  response: z.string().describe("M3U8"),
});

export const hlsSegment = endpoint({
  method: "GET",
  path: "/api/stream/hls/:targetId/:track/:segment",
  summary: "Segment fMP4 (init.mp4, seg-00001.m4s…) d'une qualité permise par le ticket.",
  tags: ["lecture"],
  access: "public",
  produces: "media",
  params: hlsTarget.extend({ track, segment }),
  query: hlsQuery,
  response: z.string().describe("Octets du segment"),
});

export const hlsSubtitles = endpoint({
  method: "GET",
  path: "/api/stream/hls/:targetId/subtitles/:subtitleId",
  summary: "Liste de lecture HLS d'une piste de sous-titres (un segment WebVTT).",
  tags: ["lecture"],
  access: "public",
  produces: "playlist",
  params: hlsTarget.extend({ subtitleId: z.uuid() }),
  query: hlsQuery,
  response: z.string().describe("M3U8"),
});

export const trickplaySheet = endpoint({
  method: "GET",
  path: "/api/stream/trickplay/:targetId/:sheet",
  summary: "Planche de vignettes de la barre de progression (JPEG, 10 × 10 vignettes).",
  tags: ["lecture"],
  access: "public",
  produces: "image",
  params: hlsTarget.extend({ sheet: z.coerce.number().int().min(1).max(9999) }),
  query: hlsQuery,
  response: z.string().describe("JPEG"),
});

/** What the player needs to show seek thumbnails. */
export const trickplayInfo = z.object({
  /** URL of sheet 1 (`…/1?token=…`): the player replaces the sheet number. */
  sheetUrl: z.string(),
  intervalSeconds: z.number().positive(),
  tileWidth: z.number().int().positive(),
  tileHeight: z.number().int().positive(),
  columns: z.number().int().positive(),
  rows: z.number().int().positive(),
  count: z.number().int().nonnegative(),
});
export type TrickplayInfo = z.infer<typeof trickplayInfo>;
