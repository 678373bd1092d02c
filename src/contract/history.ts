import { z } from "zod";
import { videoSummary } from "./catalogue.ts";
import { endpoint } from "./endpoint.ts";
import { nextCursor, pageCursor } from "./paging.ts";
import { text } from "./text.ts";

/**
 * Watch progress, resume and history (spec §2 History, §3 Watch history, §4 History class,
 * §5 Watch progress, §7 watch_history, §9 Player). Every endpoint acts for the signed-in member only.
 */

/** spec §5 Watch progress and §9 Player / §4 History class: the numbers of resume and history. */
export const WATCH_PROGRESS = {
  /** spec §5: saved only when the position is at least 10 s. */
  minPositionSeconds: 10,
  /** spec §5/§9: the stored ratio is capped at 0.95. */
  saveCap: 0.95,
  /** spec §5/§9: resume offered only if progress is above 0.05 … */
  resumeAbove: 0.05,
  /** … and below 0.9. */
  resumeBelow: 0.9,
  /** spec §4 History class / §9: completed at 0.9. */
  completedAt: 0.9,
} as const;

/** The 'Reprendre la lecture' rail: the home's rails hold 15 (spec §9). */
export const CONTINUE_WATCHING_LIMIT = 15;
/** spec §9: watch history read limit 50 (the default page). */
export const HISTORY_PAGE_DEFAULT = 50;

/** spec §5: resume is offered strictly inside the window (0.05 and 0.9 excluded). */
export const isResumable = (progress: number) =>
  progress > WATCH_PROGRESS.resumeAbove && progress < WATCH_PROGRESS.resumeBelow;

/** spec §4 History class: completed if progress is at least 0.9, in progress below. */
export const historyStatusOf = (progress: number): HistoryStatus =>
  progress >= WATCH_PROGRESS.completedAt ? "completed" : "in-progress";

/** French messages of the history's rules (spec §5). */
export const historyMessages = {
  position: "La position de lecture doit être un nombre de secondes positif ou nul.",
  duration: "La durée doit être un nombre de secondes strictement positif.",
  clientSavedAt: "L'horodatage de l'enregistrement doit être un entier (millisecondes depuis 1970).",
  episodeRequired: "Choisissez un épisode : cette vidéo est une série.",
  episodeNotInSeries: "Cet épisode n'appartient pas à cette série.",
  episodeOnMovie: "Un film n'a pas d'épisode.",
  unknownSort: "Tri inconnu : récents, anciens, titre ou progression.",
  unknownFilter: "Filtre inconnu : tout, en cours ou terminés.",
  queryTooLong: "La recherche ne peut pas dépasser 100 caractères.",
} as const;

/** One week: longer than any film or episode, small enough to refuse nonsense. */
const MAX_SECONDS = 7 * 24 * 3600;

export const saveProgressBody = z.object({
  videoId: z.uuid(),
  /** Required for a series (an episode of that series), absent or null for a film. */
  episodeId: z.uuid().nullish(),
  /** Seconds from the start; clamped to the duration by the server (spec §5: at least 0). */
  currentPosition: z
    .number({ error: historyMessages.position })
    .min(0, historyMessages.position)
    .max(MAX_SECONDS, historyMessages.position),
  totalDuration: z
    .number({ error: historyMessages.duration })
    .positive(historyMessages.duration)
    .max(MAX_SECONDS, historyMessages.duration),
  /**
   * The client's clock when it took this position (Date.now()). A save older than the stored one
   * changes nothing, so a late request or beacon never moves progress back in time.
   */
  clientSavedAt: z
    .number({ error: historyMessages.clientSavedAt })
    .int(historyMessages.clientSavedAt)
    .min(0, historyMessages.clientSavedAt)
    .max(Number.MAX_SAFE_INTEGER, historyMessages.clientSavedAt),
});
export type SaveProgressBody = z.infer<typeof saveProgressBody>;
export type SaveProgressInput = z.input<typeof saveProgressBody>;

export const saveProgressResult = z.object({
  /** False below 10 s (spec §5) or when a newer save is already stored: nothing changed. */
  saved: z.boolean(),
  /** This save's ratio: position / duration clamped to 0–1, capped at 0.95 (spec §5). */
  progress: z.number().min(0).max(1),
  /** This save's position, clamped to 0 … totalDuration. */
  currentPosition: z.number().min(0),
  /** spec §4 History class: progress at least 0.9. */
  completed: z.boolean(),
});
export type SaveProgressResult = z.infer<typeof saveProgressResult>;

export const saveProgress = endpoint({
  method: "PUT",
  path: "/api/history/progress",
  summary:
    "Enregistre la position de lecture (≥ 10 s, progression plafonnée à 0,95) ; une sauvegarde plus ancienne que celle enregistrée ne change rien",
  tags: ["history"],
  access: "member",
  body: saveProgressBody,
  response: saveProgressResult,
});

/**
 * The same save for `navigator.sendBeacon` when the page is hidden or closed: the browser sends a
 * POST whose body is a Blob of type application/json (a text/plain body is refused with 415).
 */
export const beaconProgress = endpoint({
  method: "POST",
  path: "/api/history/progress/beacon",
  summary:
    "Même enregistrement que PUT /api/history/progress, pour navigator.sendBeacon (Blob application/json)",
  tags: ["history"],
  access: "member",
  body: saveProgressBody,
  response: saveProgressResult,
});

export const resumeQuery = z.object({
  videoId: z.uuid(),
  /** For a series: that episode; without it, the most recently watched episode of the series. */
  episodeId: z.uuid().optional(),
});
export type ResumeQuery = z.infer<typeof resumeQuery>;

export const resumeResponse = z.object({
  /** The episode this answer is about (null for a film, or a series never watched). */
  episodeId: z.uuid().nullable(),
  /** Where to resume, only when the stored progress is inside the window (spec §5), else null. */
  position: z.number().min(0).nullable(),
  /** The stored progress (0 when nothing is stored). */
  progress: z.number().min(0).max(1),
});
export type ResumeResponse = z.infer<typeof resumeResponse>;

export const getResume = endpoint({
  method: "GET",
  path: "/api/history/resume",
  summary:
    "Position de reprise d'une vidéo (ou d'un épisode), seulement si la progression est entre 0,05 et 0,9 exclus",
  tags: ["history"],
  access: "member",
  query: resumeQuery,
  response: resumeResponse,
});

/** spec §9 Sorts: history (recent, oldest, title, progress). */
export const historySorts = ["recent", "oldest", "title", "progress"] as const;
export type HistorySort = (typeof historySorts)[number];
/** spec §2 History filter, by the classes of spec §4. */
export const historyFilters = ["all", "in-progress", "completed"] as const;
export type HistoryFilter = (typeof historyFilters)[number];
export const historyStatuses = ["completed", "in-progress"] as const;
export type HistoryStatus = (typeof historyStatuses)[number];

export const historyListQuery = z.object({
  sort: z.enum(historySorts, { error: historyMessages.unknownSort }).default("recent"),
  filter: z.enum(historyFilters, { error: historyMessages.unknownFilter }).default("all"),
  /** Words of the video or episode title (accents and case ignored); blank means everything. */
  q: text({ max: 100, tooLong: historyMessages.queryTooLong }).default(""),
  limit: z.coerce.number().int().min(1).max(200).default(HISTORY_PAGE_DEFAULT),
  /** Older clients' paging; a `cursor`, when given, wins. */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** The previous page's `nextCursor` (docs/decisions/031-keyset-paging.md). */
  cursor: pageCursor.optional(),
});
export type HistoryListQuery = z.output<typeof historyListQuery>;
export type HistoryListQueryInput = z.input<typeof historyListQuery>;

export const historyEpisode = z.object({
  id: z.uuid(),
  title: z.string(),
  seasonNumber: z.number().int(),
  episodeNumber: z.number().int(),
});
export type HistoryEpisode = z.infer<typeof historyEpisode>;

export const historyItem = z.object({
  id: z.uuid(),
  video: videoSummary,
  episode: historyEpisode.nullable(),
  progress: z.number().min(0).max(1),
  currentPosition: z.number().min(0),
  totalDuration: z.number().min(0),
  watchedAt: z.iso.datetime({ offset: true }),
  status: z.enum(historyStatuses),
});
export type HistoryItem = z.infer<typeof historyItem>;

export const historyListResponse = z.object({
  items: z.array(historyItem),
  total: z.number().int().nonnegative(),
  nextCursor,
});
export type HistoryListResponse = z.infer<typeof historyListResponse>;

export const listHistory = endpoint({
  method: "GET",
  path: "/api/history",
  summary:
    "Historique de visionnage du membre connecté : filtre (tout, en cours, terminés), tri et recherche",
  tags: ["history"],
  access: "member",
  query: historyListQuery,
  response: historyListResponse,
});

export const deleteHistoryItem = endpoint({
  method: "DELETE",
  path: "/api/history/:id",
  summary: "Retire une entrée de l'historique du membre connecté (204 ; 404 si elle n'est pas à lui)",
  tags: ["history"],
  access: "member",
  params: z.object({ id: z.uuid() }),
  response: z.null(),
});

export const clearHistory = endpoint({
  method: "DELETE",
  path: "/api/history",
  summary: "Efface tout l'historique du membre connecté (204)",
  tags: ["history"],
  access: "member",
  response: z.null(),
});

export const continueWatchingItem = z.object({
  video: videoSummary,
  episode: historyEpisode.nullable(),
  progress: z.number().min(0).max(1),
  currentPosition: z.number().min(0),
  totalDuration: z.number().min(0),
  watchedAt: z.iso.datetime({ offset: true }),
});
export type ContinueWatchingItem = z.infer<typeof continueWatchingItem>;

export const continueWatchingResponse = z.object({ items: z.array(continueWatchingItem) });
export type ContinueWatchingResponse = z.infer<typeof continueWatchingResponse>;

export const getContinueWatching = endpoint({
  method: "GET",
  path: "/api/history/continue",
  summary:
    "« Reprendre la lecture » : vidéos en cours (progression entre 0,05 et 0,9), une par vidéo, les plus récentes d'abord (15 au plus)",
  tags: ["history"],
  access: "member",
  response: continueWatchingResponse,
});
