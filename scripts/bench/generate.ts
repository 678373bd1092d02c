import { sql } from "drizzle-orm";
import type { Database } from "#db/client";

/**
 * Synthetic French catalogue for benchmarks, built with set-based SQL (insert … select … from
 * generate_series) so that a million ratings take seconds, not the hours a row-by-row loop from
 * JS would. Everything is derived from the row number through hashint4extended(i, seed), so the
 * same sizes give the same catalogue on both databases (ids are md5-based uuids, not random).
 */

export const BENCH_USERS = 10_000;
export const BENCH_CATEGORIES = 30;
export const MAX_EPISODES = 200_000;
const EPISODES_PER_SERIES = 6;
const RATINGS_CHUNK = 100_000;
const HISTORY_CHUNK = 500_000;
/** Row numbers of the films within each block of 10 (isSeries takes 2, 5 and 8). */
const FILM_SLOTS = [1, 3, 4, 6, 7, 9, 10];

export interface GenerateOptions {
  videos: number;
  ratings: number;
  /** watch_history rows (films only, distinct per member): 5 per video by default. */
  history: number;
  /** favourites per member (« Ma liste »). */
  favoritesPerUser: number;
  /**
   * trigger: every rating goes through the ratings_aggregate trigger, as in production (about
   * 70 s per million ratings on PostgreSQL, 115 s on PGlite on a 2-core machine).
   * bulk: the trigger is disabled during the insert and the aggregates recomputed in one UPDATE.
   */
  ratingsMode: "trigger" | "bulk";
  log: (line: string) => void;
}

export interface GenerationReport {
  totalMs: number;
  steps: { step: string; ms: number }[];
  /** How videos.rating_sum/total_ratings were filled. */
  ratingsTrigger: string;
}

export interface DataSizes {
  categories: number;
  videos: number;
  movies: number;
  series: number;
  videoCategories: number;
  episodes: number;
  users: number;
  profiles: number;
  ratings: number;
  history: number;
  favorites: number;
  databaseBytes: number;
}

/** Uniform non-negative pseudo-random integer from row number `i` and a stream `seed`. */
const h = (i: string, seed: number) => `(hashint4extended((${i})::int, ${seed}) & 2147483647)`;
/** Uniform float in [0, 1). */
const u = (i: string, seed: number) => `(${h(i, seed)} % 1000000 / 1000000.0)`;
const pick = (words: readonly string[], i: string, seed: number) =>
  `(array[${words.map(quote).join(", ")}])[1 + ${h(i, seed)} % ${words.length}]`;
export const fmt = (n: number) => n.toLocaleString("en-US");
const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** A deterministic, valid version-4 uuid (the contract checks the version and variant digits). */
const md5Uuid = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const videoId = (i: string) => md5Uuid(`'bobine-video-' || (${i})`);
const userId = (i: string) => md5Uuid(`'bobine-user-' || (${i})`);
const categoryId = (i: string) => md5Uuid(`'bobine-category-' || (${i})`);

/** spec §3: a video is a movie or a series; 3 of every 10 row numbers are series (exactly 30 %). */
const isSeries = (i: string) => `((${i}) % 10 in (2, 5, 8))`;
const THREE_YEARS_MS = 3 * 365 * 86_400_000;
const ago = (i: string, seed: number) =>
  `now() - make_interval(secs => (${h(i, seed)}::bigint * 47 % ${THREE_YEARS_MS}) / 1000.0)`;

const categoryNames = [
  "Action",
  "Animation",
  "Arts martiaux",
  "Aventure",
  "Biographie",
  "Catastrophe",
  "Comédie",
  "Comédie dramatique",
  "Comédie musicale",
  "Cuisine",
  "Documentaire",
  "Drame",
  "Espionnage",
  "Famille",
  "Fantastique",
  "Film noir",
  "Guerre",
  "Histoire",
  "Horreur",
  "Jeunesse",
  "Mystère",
  "Policier",
  "Romance",
  "Satire",
  "Science-fiction",
  "Sport",
  "Téléréalité",
  "Thriller",
  "Western",
  "Œuvres d'auteur",
] as const;

const titleHeads = [
  "Le Secret",
  "La Nuit",
  "L'Été",
  "Les Enfants",
  "Le Dernier Été",
  "La Mémoire",
  "Le Château",
  "La Forêt",
  "Le Rêve",
  "Les Ombres",
  "L'Hiver",
  "La Fenêtre",
  "Le Cœur",
  "La Vérité",
  "Le Voyage",
  "L'Éclipse",
  "La Rivière",
  "Le Silence",
  "Les Âmes",
  "La Lumière",
  "Le Chant",
  "La Promesse",
  "L'Héritage",
  "Le Fantôme",
  "La Brûlure",
  "Le Théâtre",
  "La Tempête",
  "Les Étoiles",
  "Le Jardin",
  "L'Île",
  "Les Frères",
];
const titleTails = [
  "de Marseille",
  "des Alpes",
  "du Général",
  "de Mademoiselle Rose",
  "d'Amélie",
  "sans retour",
  "à Noël",
  "au crépuscule",
  "de Montmartre",
  "du lac Léman",
  "des Lilas",
  "de l'aube",
  "de Sète",
  "du phare",
  "en Provence",
  "sous la pluie",
  "de Québec",
  "à Bruxelles",
  "du moulin",
  "de Saint-Étienne",
  "en Bretagne",
  "des Cévennes",
  "de Nîmes",
  "à Genève",
  "du Vieux-Port",
  "de minuit",
  "à Lyon",
  "en Corse",
  "des forçats",
];
const titleSuffixes = [
  "",
  "",
  "",
  "",
  "",
  " II",
  " III",
  " : le retour",
  " — première partie",
  " (version restaurée)",
  " : l'origine",
];
const descGenres = [
  "Un drame",
  "Un thriller",
  "Un récit",
  "Un conte",
  "Un polar",
  "Une comédie",
  "Un portrait",
];
const descMoods = [
  "bouleversant",
  "haletant",
  "poétique",
  "drôle",
  "mélancolique",
  "lumineux",
  "âpre",
  "féroce",
];
const descThemes = [
  "sur la famille",
  "sur l'amitié",
  "autour d'une vengeance",
  "sur l'exil",
  "au cœur de la mémoire",
  "autour d'un secret de famille",
  "sur un amour impossible",
  "sur la fin d'un été",
  "au bord de la Méditerranée",
];
const languages = [
  "Français",
  "Français",
  "Français",
  "Français",
  "Français",
  "Français",
  "Anglais",
  "Espagnol",
  "Italien",
  "Allemand",
  "Japonais",
  "Coréen",
  "Québécois",
];
const maturities = ["all", "all", "teen", "mature"];
/** Mostly 3 and 4 stars, as real audiences give. */
const starValues = [1, 2, 3, 3, 4, 4, 4, 4, 5, 5];

/** Episodes per series and how many series (by row number) get them, keeping episodes ≤ 200,000 rows. */
export function episodePlan(videos: number) {
  let series = 0;
  for (let i = 1; i <= videos; i++) if (i % 10 === 2 || i % 10 === 5 || i % 10 === 8) series++;
  const perSeries = Math.max(
    1,
    Math.min(EPISODES_PER_SERIES, Math.floor(MAX_EPISODES / Math.max(series, 1))),
  );
  // Last row number whose series still gets episodes (only binds above ~666,000 videos).
  let lastRow = videos;
  if (series * perSeries > MAX_EPISODES) {
    let seen = 0;
    for (let i = 1; i <= videos; i++) {
      if (i % 10 === 2 || i % 10 === 5 || i % 10 === 8) seen++;
      if (seen * perSeries >= MAX_EPISODES) {
        lastRow = i;
        break;
      }
    }
  }
  return { series, perSeries, lastRow };
}

export async function generateCatalogue(
  database: Database,
  opts: GenerateOptions,
): Promise<GenerationReport> {
  const { videos: nVideos, ratings: nRatings, log } = opts;
  if (nVideos < 1) throw new Error("--videos must be at least 1");
  const perUser = Math.ceil(nRatings / BENCH_USERS);
  if (perUser > nVideos) {
    throw new Error(`${nRatings} distinct ratings do not fit ${BENCH_USERS} users × ${nVideos} videos`);
  }
  const exec = (text: string) => database.db.execute(sql.raw(text));
  const steps: GenerationReport["steps"] = [];
  const started = performance.now();
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    const ms = performance.now() - t0;
    steps.push({ step: name, ms });
    log(`    ${name.padEnd(44)} ${(ms / 1000).toFixed(1).padStart(6)} s`);
  };

  await step(`${BENCH_CATEGORIES} categories`, () =>
    exec(`
      insert into categories (id, name, description, color, created_at)
      select ${categoryId("c")},
             (array[${categoryNames.map(quote).join(", ")}])[c],
             'Catégorie ' || (array[${categoryNames.map(quote).join(", ")}])[c] || ' (jeu d''essai)',
             '#' || lpad(to_hex(${h("c", 1)} % 16777216), 6, '0'),
             now() - interval '3 years'
      from generate_series(1, ${BENCH_CATEGORIES}) c`),
  );

  const plan = episodePlan(nVideos);
  const seasons = (i: string) => `(1 + ${h(i, 7)} % 3)`;
  await step(`${fmt(nVideos)} videos`, () =>
    exec(`
      insert into videos (id, title, description, thumbnail, backdrop, year, language, duration, type, maturity,
                          views, total_seasons, total_episodes, video_url, created_at, updated_at)
      select ${videoId("i")},
             ${pick(titleHeads, "i", 2)} || ' ' || ${pick(titleTails, "i", 3)} || ${pick(titleSuffixes, "i", 4)},
             ${pick(descGenres, "i", 5)} || ' ' || ${pick(descMoods, "i", 6)} || ' ' || ${pick(descThemes, "i", 8)} || '.',
             'https://images.bobine.test/videos/' || i || '/affiche.jpg',
             'https://images.bobine.test/videos/' || i || '/fond.jpg',
             2026 - floor(76 * power(${u("i", 9)}, 2))::int,
             ${pick(languages, "i", 10)},
             case when ${isSeries("i")} then '45min'
                  else (1 + ${h("i", 11)} % 2) || 'h' || lpad((${h("i", 12)} % 60)::text, 2, '0') || 'min' end,
             case when ${isSeries("i")} then 'series' else 'movie' end,
             ${pick(maturities, "i", 13)},
             -- popularity falls with the row number (Zipf-like), with noise
             floor(3000000 * power(i, -0.8) * (0.5 + ${u("i", 14)}))::bigint,
             case when ${isSeries("i")} then ${seasons("i")} else 1 end,
             case when ${isSeries("i")} and i <= ${plan.lastRow} then ${plan.perSeries} else 0 end,
             case when ${isSeries("i")} then null else 'https://media.bobine.test/videos/' || i || '.mp4' end,
             ${ago("i", 15)},
             now()
      from generate_series(1, ${nVideos}) i`),
  );

  await step("video_categories (1 or 2 per video)", () =>
    exec(`
      insert into video_categories (video_id, category_id, position)
      select ${videoId("i")}, ${categoryId(`1 + ${h("i", 16)} % ${BENCH_CATEGORIES}`)}, 0
      from generate_series(1, ${nVideos}) i
      union all
      select ${videoId("i")},
             ${categoryId(`1 + (${h("i", 16)} % ${BENCH_CATEGORIES} + 1 + ${h("i", 17)} % ${BENCH_CATEGORIES - 1}) % ${BENCH_CATEGORIES}`)},
             1
      from generate_series(1, ${nVideos}) i
      where ${h("i", 18)} % 2 = 0`),
  );

  const episodesRows = Math.min(plan.series * plan.perSeries, MAX_EPISODES);
  await step(`${fmt(episodesRows)} episodes (${plan.perSeries} per series)`, () => {
    const perSeason = `ceil(${plan.perSeries}::numeric / ${seasons("i")})::int`;
    return exec(`
      insert into episodes (series_id, title, description, thumbnail, duration, episode_number, season_number,
                            video_url, created_at)
      select ${videoId("i")},
             'Épisode ' || e || ' — ' || ${pick(titleHeads, "i * 7 + e", 19)},
             ${pick(descGenres, "i + e", 20)} || ' ' || ${pick(descMoods, "i + e", 21)} || '.',
             'https://images.bobine.test/episodes/' || i || '-' || e || '.jpg',
             (40 + ${h("i * 7 + e", 22)} % 20) || 'min',
             1 + (e - 1) % ${perSeason},
             1 + (e - 1) / ${perSeason},
             'https://media.bobine.test/episodes/' || i || '-' || e || '.mp4',
             ${ago("i", 15)}
      from generate_series(1, ${plan.lastRow}) i
      cross join generate_series(1, ${plan.perSeries}) e
      where ${isSeries("i")}`);
  });

  await step(`${fmt(BENCH_USERS)} users and profiles`, async () => {
    await exec(`
      insert into users (id, email, email_verified, created_at, updated_at)
      select ${userId("n")}, 'membre' || n || '@bench.bobine.test', true, ${ago("n", 23)}, now()
      from generate_series(1, ${BENCH_USERS}) n`);
    await exec(`
      insert into profiles (id, username, role, created_at)
      select ${userId("n")}, 'membre_' || n, 'membre', ${ago("n", 23)}
      from generate_series(1, ${BENCH_USERS}) n`);
  });

  /*
   * Rating number i (0-based) belongs to member i % U and is that member's k-th rating,
   * k = i / U < m. Rating k of every member falls in band k of the videos ranked by popularity,
   * band k = [b(k), b(k+1)) with b(k) = k + floor((V - m)·(k/m)²): the bands are disjoint (so the
   * pairs are distinct by construction) and the first ones are narrow (so popular videos get
   * thousands of ratings and the long tail a handful).
   */
  const band = (k: string) =>
    `(${k} + floor(${nVideos - perUser}::float8 * power((${k})::float8 / ${perUser}, 2))::int)`;
  const ratingsTrigger =
    opts.ratingsMode === "bulk"
      ? "bulk: trigger ratings_aggregate disabled during the insert, aggregates recomputed by one set-based UPDATE (default)"
      : "trigger: every rating went through trigger ratings_aggregate (one videos UPDATE per rating, as in production; --trigger-ratings)";
  const insertRatings = async () => {
    for (let lo = 0; lo < nRatings; lo += RATINGS_CHUNK) {
      const hi = Math.min(lo + RATINGS_CHUNK, nRatings) - 1;
      const t0 = performance.now();
      await exec(`
        insert into ratings (user_id, video_id, rating, created_at, updated_at)
        select ${userId(`1 + i % ${BENCH_USERS}`)},
               ${videoId(`1 + ${band("k")} + ${h("i", 24)} % (${band("k + 1")} - ${band("k")})`)},
               (array[${starValues.join(", ")}])[1 + ${h("i", 25)} % ${starValues.length}],
               ${ago("i", 26)},
               now()
        from (select i, i / ${BENCH_USERS} as k from generate_series(${lo}, ${hi}) i) s`);
      if (nRatings > RATINGS_CHUNK) {
        const pct = Math.round(((hi + 1) / nRatings) * 100);
        const lot = ((performance.now() - t0) / 1000).toFixed(1);
        log(`      … ${fmt(hi + 1)} / ${fmt(nRatings)} ratings (${pct}%, ${lot} s for this batch)`);
      }
    }
  };
  await step(`${fmt(nRatings)} ratings (distinct user/video pairs)`, async () => {
    if (opts.ratingsMode !== "bulk") return insertRatings();
    await exec("alter table ratings disable trigger ratings_aggregate");
    try {
      await insertRatings();
      await exec(`
        update videos v set rating_sum = s.total, total_ratings = s.n
        from (select video_id, sum(rating) as total, count(*)::int as n from ratings group by video_id) s
        where v.id = s.video_id`);
    } finally {
      await exec("alter table ratings enable trigger ratings_aggregate");
    }
  });

  /*
   * History: row r belongs to member 1 + r % U and is that member's k-th row, k = r / U, on film
   * number (u·7919 + k) mod F (F films, the 7 film slots of every full block of 10 row numbers):
   * distinct films per member while k < F. Saved over the last year, progress spread over 0–1.
   */
  const films = 7 * Math.floor(nVideos / 10);
  const historyRows = films === 0 ? 0 : Math.min(opts.history, films * BENCH_USERS);
  if (historyRows > 0) {
    await step(`${fmt(historyRows)} watch_history rows (films)`, async () => {
      for (let lo = 0; lo < historyRows; lo += HISTORY_CHUNK) {
        const hi = Math.min(lo + HISTORY_CHUNK, historyRows) - 1;
        const film = `((1 + r % ${BENCH_USERS}) * 7919 + r / ${BENCH_USERS}) % ${films}`;
        await exec(`
          insert into watch_history (user_id, video_id, progress, current_position, total_duration,
                                     client_saved_at, watched_at, updated_at)
          select ${userId(`1 + r % ${BENCH_USERS}`)},
                 ${videoId(`10 * ((${film}) / 7) + (array[${FILM_SLOTS.join(", ")}])[1 + (${film}) % 7]`)},
                 p, round(p * 5400), 5400, r,
                 now() - make_interval(secs => (${h("r", 27)} % 31536000)),
                 now()
          from (select r, (${h("r", 28)} % 1000) / 1000.0 as p from generate_series(${lo}, ${hi}) r) s`);
        if (historyRows > HISTORY_CHUNK) {
          log(`      … ${fmt(hi + 1)} / ${fmt(historyRows)} history rows`);
        }
      }
    });
  }
  const favoritesPerUser = Math.min(opts.favoritesPerUser, nVideos);
  if (favoritesPerUser > 0) {
    await step(`${fmt(favoritesPerUser * BENCH_USERS)} favourites (${favoritesPerUser} per member)`, () =>
      exec(`
        insert into favorites (user_id, video_id, added_at)
        select ${userId("u")}, ${videoId(`1 + (u * 104729 + k * 7) % ${nVideos}`)},
               now() - make_interval(secs => (${h("u * 100 + k", 29)} % 31536000))
        from generate_series(1, ${BENCH_USERS}) u cross join generate_series(0, ${favoritesPerUser - 1}) k
        on conflict do nothing`),
    );
  }

  // A million trigger UPDATEs in a few statements leave `videos` about ten times its live size
  // (dead versions that VACUUM frees but does not give back), which a live database, vacuumed as
  // ratings trickle in, never reaches: VACUUM FULL rewrites it compactly. Then VACUUM ANALYZE
  // everything: statistics, and the visibility map that autovacuum would have set (index-only scans).
  if (nRatings > 0) await step("VACUUM FULL videos", () => exec("vacuum full videos"));
  await step("VACUUM ANALYZE", () => exec("vacuum analyze"));
  // Flush the bulk load now rather than in a checkpoint during the first measurements.
  await step("CHECKPOINT", () => exec("checkpoint"));

  return { totalMs: performance.now() - started, steps, ratingsTrigger };
}

export async function measureSizes(database: Database): Promise<DataSizes> {
  const result = await database.db.execute(
    sql.raw(`
      select (select count(*) from categories)::int as categories,
             (select count(*) from videos)::int as videos,
             (select count(*) from videos where type = 'movie')::int as movies,
             (select count(*) from videos where type = 'series')::int as series,
             (select count(*) from video_categories)::int as "videoCategories",
             (select count(*) from episodes)::int as episodes,
             (select count(*) from users)::int as users,
             (select count(*) from profiles)::int as profiles,
             (select count(*) from ratings)::int as ratings,
             (select count(*) from watch_history)::int as history,
             (select count(*) from favorites)::int as favorites,
             pg_database_size(current_database())::float8 as "databaseBytes"`),
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as DataSizes[];
  const row = rows[0];
  if (!row) throw new Error("measureSizes: no row");
  return row;
}
