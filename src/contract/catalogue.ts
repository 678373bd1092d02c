import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { nextCursor, pageCursor } from "./paging.ts";
import { text } from "./text.ts";

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

/** French messages of the catalogue's validation rules (spec §5). */
export const catalogueMessages = {
  queryTooLong: "La recherche ne peut pas dépasser 100 caractères.",
  yearRange: "L'année doit être comprise entre 1900 et l'année en cours.",
  yearOrder: "L'année minimale doit être inférieure ou égale à l'année maximale.",
  ratingRange: "La note doit être comprise entre 0 et 5, par pas de 0,5.",
  ratingOrder: "La note minimale doit être inférieure ou égale à la note maximale.",
  tooManyCategories: "Vous ne pouvez pas choisir plus de 20 catégories.",
  unknownLanguage: "Langue inconnue : choisissez parmi FR, EN, ES, DE et IT.",
  unknownSort: "Tri inconnu : pertinence, récents, titre, année, note ou vues.",
} as const;

/** spec §2 Explore: sort modes. `relevance` without a search text means `recent`. */
export const videoSorts = ["relevance", "recent", "title", "year", "rating", "views"] as const;
export type VideoSort = (typeof videoSorts)[number];

/** spec §9: languages of the filter (FR EN ES DE IT). */
export const filterLanguages = ["fr", "en", "es", "de", "it"] as const;
export type FilterLanguage = (typeof filterLanguages)[number];
/**
 * The names a video's language is stored under, per filter language: the video form's names
 * (spec §5: Français, English, Español, Deutsch, Italiano), and the French names of the languages
 * that imported catalogues sometimes use.
 */
export const filterLanguageNames: Record<FilterLanguage, readonly string[]> = {
  fr: ["Français"],
  en: ["English", "Anglais"],
  es: ["Español", "Espagnol"],
  de: ["Deutsch", "Allemand"],
  it: ["Italiano", "Italien"],
};

/** spec §5 Year filter: 1900 to the current year (checked at request time). */
export const YEAR_FILTER_MIN = 1900;
const filterYear = z.coerce
  .number({ error: catalogueMessages.yearRange })
  .int(catalogueMessages.yearRange)
  .refine((y) => y >= YEAR_FILTER_MIN && y <= new Date().getFullYear(), catalogueMessages.yearRange);
/** spec §5 Rating filter: 0 to 5, step 0.5. */
const filterRating = z.coerce
  .number({ error: catalogueMessages.ratingRange })
  .refine((r) => r >= 0 && r <= 5 && Number.isInteger(r * 2), catalogueMessages.ratingRange);
/** Category names; repeated (`categories=a&categories=b`) or comma-separated. */
const CATEGORY_FILTER_MAX = 20;
/** Room for 20 names of 100 characters and their commas. */
const categoryNamesText = text({ max: 101 * CATEGORY_FILTER_MAX });
const categoryNamesFilter = z
  .union([
    categoryNamesText,
    z.array(categoryNamesText).max(CATEGORY_FILTER_MAX, catalogueMessages.tooManyCategories),
  ])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(",")).map((name) => name.trim()).filter((name) => name.length > 0),
  )
  .pipe(z.array(z.string().max(100)).max(CATEGORY_FILTER_MAX, catalogueMessages.tooManyCategories));

/** spec §5 Search: at most 100 characters; shorter than 2 (after trimming) means "no search". */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MIN_LENGTH = 2;
export const searchText = text({ max: SEARCH_MAX_LENGTH, tooLong: catalogueMessages.queryTooLong });

export const videoListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(24),
    /** Older clients' paging: costs what it skips. A `cursor`, when given, wins. */
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    /** The previous page's `nextCursor` (docs/decisions/031-keyset-paging.md). */
    cursor: pageCursor.optional(),
    type: videoType.optional(),
    /** Search text (title, episode titles, description), most relevant first. */
    q: searchText.optional(),
    categories: categoryNamesFilter.optional(),
    language: z.enum(filterLanguages, { error: catalogueMessages.unknownLanguage }).optional(),
    yearMin: filterYear.optional(),
    yearMax: filterYear.optional(),
    ratingMin: filterRating.optional(),
    ratingMax: filterRating.optional(),
    sort: z.enum(videoSorts, { error: catalogueMessages.unknownSort }).default("relevance"),
  })
  .superRefine((v, ctx) => {
    if (v.yearMin !== undefined && v.yearMax !== undefined && v.yearMin > v.yearMax)
      ctx.addIssue({ code: "custom", path: ["yearMin"], message: catalogueMessages.yearOrder });
    if (v.ratingMin !== undefined && v.ratingMax !== undefined && v.ratingMin > v.ratingMax)
      ctx.addIssue({ code: "custom", path: ["ratingMin"], message: catalogueMessages.ratingOrder });
  });
export type VideoListQuery = z.output<typeof videoListQuery>;

export const videoListResponse = z.object({
  items: z.array(videoSummary),
  total: z.number().int().nonnegative(),
  /**
   * A search stops reading matches at a cap (the speed targets of docs/decisions/005-catalogue-cache.md): true means there are at least
   * `total` matches (« 1 000+ résultats »), and pages go no further than `total`.
   */
  totalIsLowerBound: z.boolean().optional(),
  /**
   * `total` is the planner's estimate (more than EXACT_TOTAL_MAX matches: an exact count would
   * read them all), shown « environ N résultats ».
   */
  totalIsEstimate: z.boolean().optional(),
  limit: z.number().int(),
  /** How many videos come before this page. */
  offset: z.number().int(),
  /** Give it back as `cursor` for the next page; null on the last one. */
  nextCursor,
});
export type VideoListResponse = z.infer<typeof videoListResponse>;

export const listVideos = endpoint({
  method: "GET",
  path: "/api/videos",
  summary: "Liste des vidéos, les plus récentes d'abord, ou les plus pertinentes pour une recherche (q)",
  tags: ["catalogue"],
  access: "public",
  query: videoListQuery,
  response: videoListResponse,
});

export const listCategories = endpoint({
  method: "GET",
  path: "/api/categories",
  summary: "Catégories avec leur nombre de vidéos",
  tags: ["catalogue"],
  access: "public",
  response: z.object({ items: z.array(category) }),
});

/** spec §2 Header search box: thumbnail, title and (main) category of a suggestion. */
export const searchSuggestion = z.object({
  id: z.uuid(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  category: z.string().nullable(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestion>;

/** spec §9: 5 suggestions. */
export const SEARCH_SUGGESTIONS = 5;

export const searchSuggestions = endpoint({
  method: "GET",
  path: "/api/search/suggestions",
  summary: "Suggestions de la barre de recherche (5 au plus, les plus pertinentes d'abord)",
  tags: ["catalogue"],
  access: "public",
  query: z.object({ q: searchText.default("") }),
  response: z.object({ items: z.array(searchSuggestion).max(SEARCH_SUGGESTIONS) }),
});

/** spec §2 Home and §9: rail sizes. */
/** The Explorer's and the search page's page size (the server preloads the Explorer's first one). */
export const EXPLORER_PAGE_SIZE = 60;

export const HOME_RAILS = {
  hero: 10,
  trending: 15,
  premium: 15,
  newest: 15,
  movies: 12,
  series: 12,
  genres: 4,
  perGenre: 8,
  discover: 24,
} as const;
/** spec §2 Home: 'Sélection Premium' keeps videos rated 4 or more. */
export const PREMIUM_MIN_RATING = 4;

/** The home's rails as the screens use them: each rail a list of videos. */
export interface HomeRails {
  /** The first 10 of the catalogue list (newest first); the web picks the hero among them. */
  hero: VideoSummary[];
  trending: VideoSummary[];
  premium: VideoSummary[];
  newest: VideoSummary[];
  movies: VideoSummary[];
  series: VideoSummary[];
  /** The 4 categories with the most total views, most viewed first. */
  genres: { name: string; items: VideoSummary[] }[];
  discover: VideoSummary[];
}

const railIds = z.array(z.uuid());

/**
 * What /api/home sends: every video once in `videos`, and each rail as a list of ids. The rails
 * share many titles (the hero's 10 and 'Nouveautés' are the head of 'Découvrir plus', the most
 * viewed recur in the genre rails), so this is a third to two thirds of the bytes of rails of
 * whole videos (measured by `npm run bench`). `unpackHome` gives the rails back.
 */
export const homeResponse = z.object({
  videos: z.array(videoSummary),
  hero: railIds,
  trending: railIds,
  premium: railIds,
  newest: railIds,
  movies: railIds,
  series: railIds,
  genres: z.array(z.object({ name: z.string(), items: railIds })),
  discover: railIds,
});
export type HomeResponse = z.infer<typeof homeResponse>;

const railKeys = ["hero", "trending", "premium", "newest", "movies", "series", "discover"] as const;

export function packHome(rails: HomeRails): HomeResponse {
  const videos = new Map<string, VideoSummary>();
  const ids = (list: VideoSummary[]) =>
    list.map((v) => {
      videos.set(v.id, v);
      return v.id;
    });
  const packed = Object.fromEntries(railKeys.map((key) => [key, ids(rails[key])])) as Record<
    (typeof railKeys)[number],
    string[]
  >;
  const genres = rails.genres.map((g) => ({ name: g.name, items: ids(g.items) }));
  return { videos: [...videos.values()], ...packed, genres };
}

export function unpackHome(home: HomeResponse): HomeRails {
  const byId = new Map(home.videos.map((v) => [v.id, v]));
  const videos = (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []);
  const rails = Object.fromEntries(railKeys.map((key) => [key, videos(home[key])])) as Record<
    (typeof railKeys)[number],
    VideoSummary[]
  >;
  return { ...rails, genres: home.genres.map((g) => ({ name: g.name, items: videos(g.items) })) };
}

export const getHome = endpoint({
  method: "GET",
  path: "/api/home",
  summary: "Toutes les rangées de l'accueil en une réponse",
  tags: ["catalogue"],
  access: "public",
  response: homeResponse,
});

/** spec §2 Series and Films pages, §9: 10 per row. */
export const LANDING_ROW_SIZE = 10;

export const landingResponse = z.object({
  hero: z.array(videoSummary),
  popular: z.array(videoSummary),
  newest: z.array(videoSummary),
  topRated: z.array(videoSummary),
});
export type LandingResponse = z.infer<typeof landingResponse>;

export const getLanding = endpoint({
  method: "GET",
  path: "/api/landing",
  summary: "Page Films ou Séries : héros et trois rangées de 10",
  tags: ["catalogue"],
  access: "public",
  query: z.object({ type: videoType }),
  response: landingResponse,
});
export type VideoType = z.infer<typeof videoType>;

/** Lines listed under « Dans les dialogues » (docs/decisions/050-dialogue-search.md). */
export const DIALOGUE_HITS = 10;

/** A line of dialogue that matches a search: where it is said, when, and the line itself. */
export const dialogueHit = z.object({
  videoId: z.uuid(),
  /** The film's or the series' title. */
  title: z.string(),
  type: videoType,
  thumbnail: z.string().nullable(),
  /** The episode of a series (null for a film), with its numbers and title. */
  episodeId: z.uuid().nullable(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  episodeTitle: z.string().nullable(),
  /** When the line starts, in milliseconds from the start of the film or episode. */
  startMs: z.number().int().nonnegative(),
  /** The line's words (no subtitle tags). */
  text: z.string(),
});
export type DialogueHit = z.infer<typeof dialogueHit>;

export const searchDialogues = endpoint({
  method: "GET",
  path: "/api/search/dialogues",
  summary:
    "Répliques des sous-titres qui contiennent tous les mots de la recherche, avec l'épisode et le moment " +
    "(membres ; contrôle parental appliqué ; moins de 2 caractères : aucune)",
  tags: ["catalogue"],
  access: "member",
  query: z.object({ q: searchText.default("") }),
  response: z.object({ items: z.array(dialogueHit).max(DIALOGUE_HITS) }),
});
