import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { likes, ratings, userSettings } from "../schema/activity.ts";
import { accounts, profiles, users } from "../schema/auth.ts";
import {
  billingSettings,
  entitlements,
  subscribers,
  subscriptionPlans,
  subscriptions,
} from "../schema/billing.ts";
import { categories, episodes, subtitles, videoCategories, videos } from "../schema/catalogue.ts";
import { demoCategories, demoFilms, demoSeries } from "./catalogue-data.ts";
import { backdropSvg, posterSvg } from "./posters.ts";

const assetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../assets/demo");
const SAMPLE_COUNT = 4;
const sample = (i: number) => `bobine-demo-${(i % SAMPLE_COUNT) + 1}.mp4`;

/** A stable UUID (version-5 layout) derived from a name, so two seeds give identical ids. */
export function demoId(name: string): string {
  const h = createHash("sha1").update(`bobine-demo:${name}`).digest();
  h[6] = ((h[6] ?? 0) & 0x0f) | 0x50;
  h[8] = ((h[8] ?? 0) & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString("hex");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** Small deterministic PRNG (mulberry32) seeded from a string. */
function prng(seed: string) {
  let a = createHash("sha1").update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` whole-star ratings whose mean is as close as possible to `target`. */
function ratingsFor(slug: string, target: number, count: number): number[] {
  const rand = prng(`ratings:${slug}`);
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const remaining = count - i;
    const wanted = (target * count - sum) / remaining;
    const base = Math.floor(wanted);
    const r = Math.min(5, Math.max(1, rand() < wanted - base ? base + 1 : base));
    out.push(r);
    sum += r;
  }
  return out;
}

export const DEMO_ACCOUNTS = [
  { username: "demo-admin", role: "admin" as const },
  { username: "demo-premium", role: "membre" as const },
  { username: "demo-membre", role: "membre" as const },
];
const AUDIENCE = 40;

/** Whether the demo accounts are there (the start-up banner lists them then). */
export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(
      inArray(
        profiles.username,
        DEMO_ACCOUNTS.map((a) => a.username),
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute(
    sql`select (select count(*) from ${videos})::int + (select count(*) from ${users})::int as n`,
  );
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) === 0;
}

export interface SeedOptions {
  mediaDir: string;
  demoPassword: string;
  hashPassword: (password: string) => Promise<string>;
  log?: (msg: string) => void;
}

/**
 * The French demo catalogue (README, « Démarrage rapide »): categories, 48 films and 16 series with their
 * episodes, posters, sample videos and subtitles, the three demo accounts and an audience of 40
 * viewers whose real rating rows give every title its average. One transaction.
 */
export async function seedDemo(db: Db, opts: SeedOptions) {
  const started = Date.now();
  writeMedia(opts.mediaDir);
  const passwordHash = await opts.hashPassword(opts.demoPassword);
  const anchor = Date.now();
  const categoryId = (name: string) => demoId(`category:${name}`);

  const all = [
    ...demoFilms.map(
      ([slug, title, year, language, duration, maturity, cats, views, rating, description]) => ({
        slug,
        title,
        year,
        language,
        duration,
        maturity,
        cats,
        views,
        rating,
        description,
        type: "movie" as const,
        seasons: 1,
        episodeTitles: [] as string[],
      }),
    ),
    ...demoSeries.map(
      ([
        slug,
        title,
        year,
        language,
        maturity,
        cats,
        views,
        rating,
        description,
        seasons,
        episodeTitles,
      ]) => ({
        slug,
        title,
        year,
        language,
        duration: "45min",
        maturity,
        cats,
        views,
        rating,
        description,
        type: "series" as const,
        seasons,
        episodeTitles,
      }),
    ),
  ];
  // Newer years tend to be newer rows; ties broken by title, so the order is stable.
  const byAge = [...all].sort((a, b) => a.year - b.year || a.title.localeCompare(b.title, "fr"));

  const videoRows = byAge.map((v, i) => ({
    id: demoId(`video:${v.slug}`),
    title: v.title,
    description: v.description,
    thumbnail: `/media/images/${v.slug}-poster.svg`,
    backdrop: `/media/images/${v.slug}-backdrop.svg`,
    year: v.year,
    language: v.language,
    duration: v.duration,
    type: v.type,
    maturity: v.maturity,
    views: v.views,
    totalSeasons: v.seasons,
    totalEpisodes: v.episodeTitles.length,
    videoUrl: v.type === "movie" ? `local:videos/${sample(i)}` : null,
    createdAt: new Date(anchor - (byAge.length - i) * 36 * 3600 * 1000),
  }));

  const episodeRows = byAge.flatMap((v) => {
    const perSeason = Math.ceil(v.episodeTitles.length / v.seasons);
    return v.episodeTitles.map((title, i) => ({
      id: demoId(`episode:${v.slug}:${i}`),
      seriesId: demoId(`video:${v.slug}`),
      title,
      description: "",
      thumbnail: `/media/images/${v.slug}-backdrop.svg`,
      duration: `${40 + (i % 4) * 4}min`,
      seasonNumber: Math.floor(i / perSeason) + 1,
      episodeNumber: (i % perSeason) + 1,
      videoUrl: `local:videos/${sample(i)}`,
    }));
  });

  const demoUsers = [
    ...DEMO_ACCOUNTS.map((a) => ({ ...a, canSignIn: true })),
    ...Array.from({ length: AUDIENCE }, (_, i) => ({
      username: `spectateur-${String(i + 1).padStart(2, "0")}`,
      role: "membre" as const,
      canSignIn: false,
    })),
  ];
  const ratingRows = byAge.flatMap((v) => {
    const rand = prng(`count:${v.slug}`);
    const count = 5 + Math.floor(rand() * (AUDIENCE - 5));
    return ratingsFor(v.slug, v.rating, count).map((rating, i) => ({
      userId: demoId(`user:spectateur-${String(i + 1).padStart(2, "0")}`),
      videoId: demoId(`video:${v.slug}`),
      rating,
    }));
  });

  // The audience likes what it gave 5 stars (a like is its own mark, decision 040: these members
  // both rated and liked), so the info view's counts and the similar titles' ranking have figures.
  const likeRows = ratingRows
    .filter((r) => r.rating === 5)
    .map(({ userId, videoId }) => ({ userId, videoId }));

  await db.transaction(async (tx) => {
    await tx.insert(categories).values(
      demoCategories.map((c) => ({
        id: categoryId(c.name),
        name: c.name,
        description: c.description,
        color: c.color,
      })),
    );
    await tx.insert(videos).values(videoRows);
    await tx.insert(videoCategories).values(
      byAge.flatMap((v) =>
        v.cats.map((name, position) => ({
          videoId: demoId(`video:${v.slug}`),
          categoryId: categoryId(name),
          position,
        })),
      ),
    );
    await tx.insert(episodes).values(episodeRows);
    const tracks = await tx
      .insert(subtitles)
      .values([
        ...videoRows
          .filter(
            (v) =>
              v.videoUrl === "local:videos/bobine-demo-1.mp4" ||
              v.videoUrl === "local:videos/bobine-demo-2.mp4",
          )
          .map((v) => subtitleRow(v.id, null, v.videoUrl as string)),
        ...episodeRows
          .filter((e) => e.videoUrl.endsWith("-1.mp4") || e.videoUrl.endsWith("-2.mp4"))
          .map((e) => subtitleRow(e.seriesId, e.id, e.videoUrl)),
      ])
      .returning({
        id: subtitles.id,
        videoId: subtitles.videoId,
        episodeId: subtitles.episodeId,
        subtitleUrl: subtitles.subtitleUrl,
      });
    // « Dans les dialogues » (docs/decisions/050-dialogue-search.md): the demo tracks' lines.
    const cueRows = tracks.flatMap((track) =>
      demoCues(track.subtitleUrl).map(
        (cue, position) => sql`(${track.id}::uuid, ${position},
        ${track.videoId}::uuid, ${track.episodeId}::uuid, ${cue.startMs}, ${cue.text})`,
      ),
    );
    if (cueRows.length > 0)
      await tx.execute(sql`insert into subtitle_cues (subtitle_id, position, video_id, episode_id, start_ms, text)
        values ${sql.join(cueRows, sql`, `)}`);

    await tx.insert(users).values(
      demoUsers.map((u) => ({
        id: demoId(`user:${u.username}`),
        email: `${u.username}@bobine.example`,
        emailVerified: true,
      })),
    );
    await tx
      .insert(profiles)
      .values(
        demoUsers.map((u) => ({ id: demoId(`user:${u.username}`), username: u.username, role: u.role })),
      );
    const signIn = demoUsers.filter((u) => u.canSignIn);
    await tx.insert(accounts).values(
      signIn.map((u) => ({
        userId: demoId(`user:${u.username}`),
        providerId: "credential",
        accountId: demoId(`user:${u.username}`),
        password: passwordHash,
      })),
    );
    await tx.insert(userSettings).values(signIn.map((u) => ({ userId: demoId(`user:${u.username}`) })));
    await tx.insert(billingSettings).values(signIn.map((u) => ({ userId: demoId(`user:${u.username}`) })));

    const premiumId = demoId("user:demo-premium");
    const end = new Date(anchor + 365 * 24 * 3600 * 1000);
    const [plan] = await tx
      .select({ id: subscriptionPlans.id })
      .from(subscriptionPlans)
      .where(sql`${subscriptionPlans.code} = 'premium_monthly'`);
    if (!plan) throw new Error("premium_monthly plan missing: migrations not applied?");
    await tx.insert(subscriptions).values({
      userId: premiumId,
      planId: plan.id,
      status: "active",
      paymentMethod: "card",
      currentPeriodEnd: end,
      autoRenew: true,
    });
    // Access itself is the entitlement (docs/decisions/012-entitlements.md).
    await tx.insert(entitlements).values({
      userId: premiumId,
      planId: plan.id,
      source: "demo",
      startsAt: new Date(anchor),
      endsAt: end,
    });
    await tx.insert(subscribers).values({
      userId: premiumId,
      email: "demo-premium@bobine.example",
      subscribed: true,
      subscriptionTier: "premium",
      subscriptionEnd: end,
    });

    for (let i = 0; i < ratingRows.length; i += 500) {
      await tx.insert(ratings).values(ratingRows.slice(i, i + 500));
    }
    for (let i = 0; i < likeRows.length; i += 500) {
      await tx.insert(likes).values(likeRows.slice(i, i + 500));
    }
  });

  const summary = {
    videos: videoRows.length,
    episodes: episodeRows.length,
    categories: demoCategories.length,
    users: demoUsers.length,
  };
  opts.log?.(
    `Catalogue de démonstration créé : ${summary.videos} titres, ${summary.episodes} épisodes, ` +
      `${summary.categories} catégories, ${ratingRows.length} notes, ${likeRows.length} J'aime ` +
      `(${Date.now() - started} ms).`,
  );
  return summary;
}

/**
 * The lines of a demo subtitle file (assets/demo/subtitles: plain SRT, no tags), for the dialogue
 * index. The server parses uploaded files itself (src/server/shared/subtitles.ts); src/db may not
 * import it (decision 009), and the demo files need no more than this.
 */
function demoCues(subtitleUrl: string): { startMs: number; text: string }[] {
  const file = path.join(assetsDir, "subtitles", subtitleUrl.replace(/^local:subtitles\//, ""));
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .flatMap((block) => {
      const lines = block.trim().split("\n");
      const at = lines.findIndex((l) => l.includes("-->"));
      const m = /(\d+):(\d+):(\d+)[,.](\d+)/.exec(lines[at] ?? "");
      const text = lines
        .slice(at + 1)
        .join(" ")
        .trim();
      if (at < 0 || !m || !text) return [];
      const [, h, min, sec, ms] = m.map(Number) as number[];
      return [{ startMs: (((h ?? 0) * 60 + (min ?? 0)) * 60 + (sec ?? 0)) * 1000 + (ms ?? 0), text }];
    });
}

function subtitleRow(videoId: string, episodeId: string | null, videoUrl: string) {
  const n = videoUrl.endsWith("-1.mp4") ? 1 : 2;
  return {
    videoId,
    episodeId,
    language: "fr",
    languageName: "Français",
    subtitleUrl: `local:subtitles/bobine-demo-${n}.fr.srt`,
    isDefault: true,
  };
}

/** Posters and backdrops drawn for every title; sample videos and subtitles copied from assets/demo. */
function writeMedia(mediaDir: string) {
  const images = path.join(mediaDir, "images");
  fs.mkdirSync(images, { recursive: true });
  const cats = new Map(demoCategories.map((c) => [c.name, c.color]));
  const posters = [
    ...demoFilms.map((f) => ({
      slug: f[0],
      title: f[1],
      year: f[2],
      type: "movie" as const,
      color: cats.get(f[6][0] ?? "") ?? "#e74c3c",
    })),
    ...demoSeries.map((s) => ({
      slug: s[0],
      title: s[1],
      year: s[2],
      type: "series" as const,
      color: cats.get(s[5][0] ?? "") ?? "#e74c3c",
    })),
  ];
  for (const p of posters) {
    fs.writeFileSync(path.join(images, `${p.slug}-poster.svg`), posterSvg(p));
    fs.writeFileSync(path.join(images, `${p.slug}-backdrop.svg`), backdropSvg(p));
  }
  for (const kind of ["videos", "subtitles"]) {
    const from = path.join(assetsDir, kind);
    if (!fs.existsSync(from)) continue;
    const to = path.join(mediaDir, kind);
    fs.mkdirSync(to, { recursive: true });
    for (const file of fs.readdirSync(from)) fs.copyFileSync(path.join(from, file), path.join(to, file));
  }
}
