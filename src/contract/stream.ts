import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { trickplayInfo } from "./media.ts";
import { text, tokenText } from "./text.ts";

/**
 * The protected stream (spec §7 Stream, docs/decisions/006-stream.md). The player asks
 * for a short-lived ticket, plays `url`, beats the lease every `heartbeatSeconds`, releases it when
 * it stops (DELETE, or POST …/release from sendBeacon) and counts a view on first play.
 */

/** French texts of the stream rules (server messages; the web shows them as they are). */
export const streamMessages = {
  tooManyStreams: (max: number) =>
    `Limite de streams atteinte : votre abonnement permet ${max} ${max > 1 ? "écrans simultanés" : "écran à la fois"}. Arrêtez la lecture sur un autre appareil puis réessayez.`,
  ticketMissing: "Authentification requise",
  ticketExpired: "Le lien de lecture a expiré : relancez la vidéo.",
  ticketInvalid: "Lien de lecture invalide pour ce contenu.",
  videoUnavailable: "La vidéo demandée n'est pas disponible",
  episodeRequired: "Choisissez un épisode de cette série.",
  remoteUrlRefused:
    "La lecture depuis une adresse externe (paramètre url) n'est pas prise en charge : utilisez videoId et un ticket.",
  leaseNotFound: "Cette session de lecture est introuvable.",
  subtitleUnavailable: "Sous-titres indisponibles.",
  subtitleInvalid: "Le fichier de sous-titres n'est pas un texte SRT ou WebVTT valide.",
  subtitleTooLarge: "Le fichier de sous-titres est trop volumineux.",
  deviceIdInvalid: "Identifiant d'appareil invalide.",
} as const;

/** A random id the browser keeps per device (localStorage), e.g. crypto.randomUUID(). */
export const deviceId = text({
  max: 64,
  required: streamMessages.deviceIdInvalid,
  tooLong: streamMessages.deviceIdInvalid,
})
  .regex(/^[A-Za-z0-9_-]{8,64}$/, streamMessages.deviceIdInvalid)
  .describe("Identifiant aléatoire de l'appareil, conservé par le navigateur");

/** A stream ticket as the player holds it (`base64url.base64url`). */
export const TICKET_MAX_LENGTH = 2000;
const ticketToken = tokenText({ max: TICKET_MAX_LENGTH, invalid: streamMessages.ticketInvalid });

export const ticketBody = z.object({
  /** Required for a series: the episode to play. */
  episodeId: z.uuid().optional(),
  deviceId,
});

export const subtitleTrack = z.object({
  id: z.uuid(),
  language: z.string(),
  languageName: z.string(),
  /** WebVTT, readable with the same ticket (`<track src>`). */
  url: z.string(),
  isDefault: z.boolean(),
});
export type SubtitleTrack = z.infer<typeof subtitleTrack>;

export const ticketResponse = z.object({
  /**
   * `/api/videos/proxy?videoId=…&token=…` (one file), or the HLS master playlist of the ladder
   * (`/api/stream/hls/…/master.m3u8?token=…`, decision 025) when `hls` is true.
   */
  url: z.string(),
  /** The URL is an HLS master playlist (hls.js, or Safari's own HLS). */
  hls: z.boolean(),
  /** The qualities the member's plan allows among the ladder's, lowest first (empty for one file). */
  qualities: z.array(z.object({ name: z.string(), height: z.number().int().positive() })),
  /** Seek thumbnails, when made. */
  trickplay: trickplayInfo.nullable(),
  /** The ticket alone, for POST /api/videos/:videoId/views. */
  token: z.string(),
  subtitles: z.array(subtitleTrack),
  leaseId: z.uuid(),
  /** This ticket among the device's: its release ends the lease only while it is the newest. */
  ticketId: z.string(),
  heartbeatSeconds: z.number().int().positive(),
  /** When the ticket stops opening new playback (it keeps working while its lease is beaten). */
  expiresAt: z.iso.datetime({ offset: true }),
  /** Simultaneous streams the member's plan allows (spec §9: basic 1, premium 3, lifetime 5). */
  maxStreams: z.number().int().positive(),
});
export type TicketResponse = z.infer<typeof ticketResponse>;

export const createTicket = endpoint({
  method: "POST",
  path: "/api/videos/:videoId/ticket",
  summary:
    "Ticket de lecture (membre abonné) : URL du flux, sous-titres et bail d'appareil. 403 SUBSCRIPTION_REQUIRED sans abonnement actif, 409 TOO_MANY_STREAMS au-delà de la limite du forfait.",
  tags: ["lecture"],
  access: "subscriber",
  params: z.object({ videoId: z.uuid() }),
  body: ticketBody,
  response: ticketResponse,
});

export const leaseParams = z.object({ leaseId: z.uuid() });
export const leaseResponse = z.object({
  leaseId: z.uuid(),
  expiresAt: z.iso.datetime({ offset: true }),
  heartbeatSeconds: z.number().int().positive(),
});

export const heartbeatLease = endpoint({
  method: "POST",
  path: "/api/stream/leases/:leaseId/heartbeat",
  summary: "Renouvelle le bail de lecture de l'appareil (toutes les heartbeatSeconds).",
  tags: ["lecture"],
  access: "member",
  params: leaseParams,
  response: leaseResponse,
});

/** The ticket whose playback stopped: a newer ticket of the same device keeps the lease. */
export const releaseQuery = z.object({
  ticketId: tokenText({ max: 64, invalid: streamMessages.ticketInvalid }).optional(),
});

export const releaseLease = endpoint({
  method: "DELETE",
  path: "/api/stream/leases/:leaseId",
  summary:
    "Libère le bail de lecture (le lecteur s'arrête). Idempotent. Avec ticketId, seulement si ce ticket est le plus récent de l'appareil.",
  tags: ["lecture"],
  access: "member",
  params: leaseParams,
  query: releaseQuery,
  response: z.null(),
});

export const releaseLeaseBeacon = endpoint({
  method: "POST",
  path: "/api/stream/leases/:leaseId/release",
  summary: "Comme DELETE, pour navigator.sendBeacon (corps ignoré).",
  tags: ["lecture"],
  access: "member",
  ignoresBodies: ["text/plain", "application/x-www-form-urlencoded"],
  params: leaseParams,
  query: releaseQuery,
  response: z.null(),
});

export const countView = endpoint({
  method: "POST",
  path: "/api/videos/:videoId/views",
  summary:
    "Compte une vue au premier démarrage de la lecture (spec §4) ; idempotent par bail et par chargement (ticket).",
  tags: ["lecture"],
  access: "member",
  params: z.object({ videoId: z.uuid() }),
  body: z.object({ token: ticketToken }),
  response: z.object({ counted: z.boolean(), views: z.number().int().nonnegative() }),
});

export const proxyQuery = z.object({
  /** The video id, or for a series the episode id (spec §7). */
  videoId: z.uuid().optional(),
  episodeId: z.uuid().optional(),
  token: ticketToken.optional(),
  /** The spec's `url=` form: refused (no open proxy, SECURITY-CHECKLIST 22). */
  url: text({ max: 4000 }).optional(),
});

/**
 * spec §7 Stream: GET (and HEAD) /api/videos/proxy?videoId=…&token=…, the bytes of the video with
 * RFC 9110 ranges. The ticket authorises, not the session (a media element sends no header): the
 * endpoint is public and the ticket is checked by the server.
 */
export const streamVideo = endpoint({
  method: "GET",
  path: "/api/videos/proxy",
  summary:
    "Octets de la vidéo avec un ticket (plages RFC 9110 : 206, 416, If-Range ; GET et HEAD). Sans ticket : 401 ; ticket d'un autre contenu ou falsifié : 403 ; expiré : 401.",
  tags: ["lecture"],
  access: "public",
  produces: "media",
  query: proxyQuery,
  response: z.string().describe("Octets de la vidéo"),
});

export const subtitleQuery = z.object({ token: ticketToken.optional() });
export const subtitleParams = z.object({ id: z.uuid() });

/** Subtitles of the ticket's video or episode as WebVTT, for a `<track>` (SECURITY-CHECKLIST 30). */
export const getSubtitles = endpoint({
  method: "GET",
  path: "/api/subtitles/:id",
  summary: "Sous-titres en WebVTT (text/vtt; charset=utf-8), lisibles avec le ticket de lecture.",
  tags: ["lecture"],
  access: "public",
  produces: "text/vtt",
  params: subtitleParams,
  query: subtitleQuery,
  response: z.string().describe("Sous-titres WebVTT"),
});

/** Source subtitle files are read whole: beyond this they are refused (SECURITY-CHECKLIST 30). */
export const SUBTITLE_MAX_BYTES = 2 * 1024 * 1024;
