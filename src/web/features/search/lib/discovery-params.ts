import {
  type FilterLanguage,
  filterLanguages,
  SEARCH_MIN_LENGTH,
  type VideoSort,
  videoSorts,
  YEAR_FILTER_MIN,
} from "#contract/catalogue";

/** Explorer and search state, read from and written to the URL so a view can be shared. */
export interface DiscoveryState {
  q: string;
  categories: string[];
  language: FilterLanguage | undefined;
  yearMin: number | undefined;
  yearMax: number | undefined;
  ratingMin: number;
  ratingMax: number;
  sort: VideoSort;
  view: "modern" | "classic";
}

export const RATING_MIN = 0;
export const RATING_MAX = 5;

const isSort = (v: string | null): v is VideoSort => videoSorts.includes(v as VideoSort);
const isLanguage = (v: string | null): v is FilterLanguage => filterLanguages.includes(v as FilterLanguage);

function parseYear(raw: string | null, currentYear: number): number | undefined {
  if (raw === null || !/^\d{4}$/.test(raw)) return undefined;
  const year = Number(raw);
  return year >= YEAR_FILTER_MIN && year <= currentYear ? year : undefined;
}

function parseRating(raw: string | null, fallback: number): number {
  if (raw === null || raw === "") return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value >= RATING_MIN && value <= RATING_MAX && Number.isInteger(value * 2)
    ? value
    : fallback;
}

/** URL → state; anything the server would refuse is dropped rather than sent. */
export function parseDiscovery(
  params: URLSearchParams,
  currentYear = new Date().getFullYear(),
  defaultView: DiscoveryState["view"] = "modern",
): DiscoveryState {
  const view = params.get("view");
  const categories = params
    .getAll("categories")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v, i, all) => v.length > 0 && all.indexOf(v) === i)
    .slice(0, 20);
  let yearMin = parseYear(params.get("yearMin"), currentYear);
  let yearMax = parseYear(params.get("yearMax"), currentYear);
  if (yearMin !== undefined && yearMax !== undefined && yearMin > yearMax)
    [yearMin, yearMax] = [yearMax, yearMin];
  let ratingMin = parseRating(params.get("ratingMin"), RATING_MIN);
  let ratingMax = parseRating(params.get("ratingMax"), RATING_MAX);
  if (ratingMin > ratingMax) [ratingMin, ratingMax] = [ratingMax, ratingMin];
  const sort = params.get("sort");
  const language = params.get("language");
  return {
    q: params.get("q") ?? "",
    categories,
    language: isLanguage(language) ? language : undefined,
    yearMin,
    yearMax,
    ratingMin,
    ratingMax,
    sort: isSort(sort) ? sort : "relevance",
    view: view === "classic" || view === "modern" ? view : defaultView,
  };
}

/** State → URL, leaving defaults out so URLs stay short. */
export function serializeDiscovery(
  state: DiscoveryState,
  defaultView: DiscoveryState["view"] = "modern",
): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q !== "") params.set("q", state.q);
  for (const name of state.categories) params.append("categories", name);
  if (state.language) params.set("language", state.language);
  if (state.yearMin !== undefined) params.set("yearMin", String(state.yearMin));
  if (state.yearMax !== undefined) params.set("yearMax", String(state.yearMax));
  if (state.ratingMin !== RATING_MIN) params.set("ratingMin", String(state.ratingMin));
  if (state.ratingMax !== RATING_MAX) params.set("ratingMax", String(state.ratingMax));
  if (state.sort !== "relevance") params.set("sort", state.sort);
  if (state.view !== defaultView) params.set("view", state.view);
  return params;
}

/** The badge: one per filter in use (each category counts, the rating range counts once). */
export function countActiveFilters(state: DiscoveryState): number {
  return (
    state.categories.length +
    (state.language ? 1 : 0) +
    (state.yearMin !== undefined ? 1 : 0) +
    (state.yearMax !== undefined ? 1 : 0) +
    (state.ratingMin !== RATING_MIN || state.ratingMax !== RATING_MAX ? 1 : 0)
  );
}

/** The filters reset; the search text, sort and view are kept. */
export function clearFilters(state: DiscoveryState): DiscoveryState {
  return {
    ...state,
    categories: [],
    language: undefined,
    yearMin: undefined,
    yearMax: undefined,
    ratingMin: RATING_MIN,
    ratingMax: RATING_MAX,
  };
}

/** Search text as sent: trimmed, and dropped below 2 characters (the server lists everything then). */
export function effectiveQuery(q: string): string | undefined {
  const text = q.trim();
  return text.length >= SEARCH_MIN_LENGTH ? text : undefined;
}

/** The /api/videos query for a state (without paging). */
export function listQueryFor(state: DiscoveryState) {
  return {
    q: effectiveQuery(state.q),
    categories: state.categories.length > 0 ? state.categories : undefined,
    language: state.language,
    yearMin: state.yearMin,
    yearMax: state.yearMax,
    ratingMin: state.ratingMin !== RATING_MIN ? state.ratingMin : undefined,
    ratingMax: state.ratingMax !== RATING_MAX ? state.ratingMax : undefined,
    sort: state.sort,
  };
}

/**
 * Moderne view: videos grouped by their main category (or, when categories are filtered, by the
 * first of theirs that is selected), in category order, empty groups left out.
 */
export function groupByCategory<V extends { category: readonly string[] }>(
  videos: readonly V[],
  order: readonly string[],
  selected: readonly string[] = [],
): { name: string; videos: V[] }[] {
  const groups = new Map<string, V[]>();
  for (const video of videos) {
    const name = video.category.find((c) => selected.includes(c)) ?? video.category[0] ?? "";
    const list = groups.get(name);
    if (list) list.push(video);
    else groups.set(name, [video]);
  }
  const rank = (name: string) => {
    const i = order.indexOf(name);
    return i === -1 ? order.length : i;
  };
  return [...groups.entries()]
    .filter(([, list]) => list.length > 0)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, "fr"))
    .map(([name, list]) => ({ name, videos: list }));
}
