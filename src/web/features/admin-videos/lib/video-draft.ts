import {
  type AdminVideo,
  DEFAULT_EPISODE_DURATION,
  type maturityLevels,
  VIDEO_LANGUAGES,
  type VideoInput,
  type VideoLanguage,
} from "#contract/admin-videos";

/**
 * The video form as it is being typed (spec §4 Video form): strings where the person types, turned
 * into the contract's input only when sent, so the contract's schema is the one judge of what is
 * valid (its French messages land on the fields).
 */
export interface EpisodeDraft {
  /** A key for React: the saved episode's id, or a local one. */
  key: string;
  /** Saved episodes have their id; new ones do not (spec §4: an unsaved one is dropped locally). */
  id?: string | undefined;
  title: string;
  description: string;
  thumbnail: string;
  duration: string;
  seasonNumber: string;
  episodeNumber: string;
  videoUrl: string;
}

export interface VideoDraft {
  type: "movie" | "series";
  title: string;
  categoryIds: string[];
  description: string;
  year: string;
  duration: string;
  language: VideoLanguage | "";
  maturity: (typeof maturityLevels)[number];
  thumbnail: string;
  backdrop: string;
  videoUrl: string;
  totalSeasons: string;
  episodes: EpisodeDraft[];
}

let local = 0;
const localKey = () => `nouveau-${++local}`;

/** spec §3 Video: year defaults to the current year, one season. */
export const emptyDraft = (now = new Date()): VideoDraft => ({
  type: "movie",
  title: "",
  categoryIds: [],
  description: "",
  year: String(now.getFullYear()),
  duration: "",
  language: VIDEO_LANGUAGES[0],
  maturity: "all",
  thumbnail: "",
  backdrop: "",
  videoUrl: "",
  totalSeasons: "1",
  episodes: [],
});

export const draftOf = (v: AdminVideo): VideoDraft => ({
  type: v.type,
  title: v.title,
  categoryIds: v.categoryIds,
  description: v.description,
  year: String(v.year),
  duration: v.duration,
  language: v.language as VideoLanguage,
  maturity: v.maturity,
  thumbnail: v.thumbnail ?? "",
  backdrop: v.backdrop ?? "",
  videoUrl: v.videoUrl ?? "",
  totalSeasons: String(v.totalSeasons),
  episodes: v.episodes.map((e) => ({
    key: e.id,
    id: e.id,
    title: e.title,
    description: e.description,
    thumbnail: e.thumbnail ?? "",
    duration: e.duration,
    seasonNumber: String(e.seasonNumber),
    episodeNumber: String(e.episodeNumber),
    videoUrl: e.videoUrl ?? "",
  })),
});

/** A number as typed; "" stays missing (the contract says what is required). */
const numberOf = (s: string) => (s.trim() === "" ? undefined : Number(s));
const orNull = (s: string) => (s.trim() === "" ? null : s.trim());

/** The contract's input (VideoInput) of the draft, episodes in the draft's order (messages use it). */
export const inputOf = (d: VideoDraft): VideoInput => ({
  type: d.type,
  title: d.title,
  categoryIds: d.categoryIds,
  description: d.description,
  year: numberOf(d.year) as number,
  duration: d.duration,
  language: d.language as VideoLanguage,
  maturity: d.maturity,
  thumbnail: orNull(d.thumbnail),
  backdrop: orNull(d.backdrop),
  videoUrl: orNull(d.videoUrl),
  totalSeasons: numberOf(d.totalSeasons) as number,
  episodes:
    d.type === "series"
      ? d.episodes.map((e) => ({
          ...(e.id ? { id: e.id } : {}),
          title: e.title,
          description: e.description,
          thumbnail: orNull(e.thumbnail),
          duration: e.duration.trim() === "" ? DEFAULT_EPISODE_DURATION : e.duration,
          seasonNumber: numberOf(e.seasonNumber) as number,
          episodeNumber: numberOf(e.episodeNumber) as number,
          videoUrl: orNull(e.videoUrl),
        }))
      : [],
});

/**
 * spec §5: a new episode goes in season 1 unless asked otherwise, numbered after the season's
 * last one (count plus 1), its duration shown '45min'.
 */
export function newEpisode(d: VideoDraft, season = 1): EpisodeDraft {
  const inSeason = d.episodes.filter((e) => Number(e.seasonNumber) === season);
  const next = Math.max(inSeason.length, ...inSeason.map((e) => Number(e.episodeNumber) || 0)) + 1;
  return {
    key: localKey(),
    title: "",
    description: "",
    thumbnail: "",
    duration: DEFAULT_EPISODE_DURATION,
    seasonNumber: String(season),
    episodeNumber: String(next),
    videoUrl: "",
  };
}

/** The draft's episodes by season (in order), each season's by number, with their place in the draft. */
export function bySeason(
  d: VideoDraft,
): { season: number; episodes: { episode: EpisodeDraft; index: number }[] }[] {
  const seasons = new Map<number, { episode: EpisodeDraft; index: number }[]>();
  const total = Math.max(1, Number(d.totalSeasons) || 1);
  for (let s = 1; s <= Math.min(total, 100); s++) seasons.set(s, []);
  d.episodes.forEach((episode, index) => {
    const season = Number(episode.seasonNumber) || 1;
    seasons.set(season, [...(seasons.get(season) ?? []), { episode, index }]);
  });
  return [...seasons.entries()]
    .sort(([a], [b]) => a - b)
    .map(([season, episodes]) => ({
      season,
      episodes: episodes.sort(
        (a, b) => (Number(a.episode.episodeNumber) || 0) - (Number(b.episode.episodeNumber) || 0),
      ),
    }));
}
