/**
 * `npm run bench`: the performance harness (ARCHITECTURE rule 11). For each database it creates a
 * fresh database, fills it with a synthetic catalogue (generate.ts), starts the real application
 * (buildApp) on 127.0.0.1, measures a bare Fastify hello-world as the reference, runs every
 * registered scenario under load (wrk when installed, else autocannon: http.ts), prints a table and writes .bench/results-<timestamp>.json.
 *
 *   npm run bench -- --quick                 10,000 videos, 100,000 ratings, 5 s per endpoint
 *   npm run bench -- --db postgres --scaling 10,000 then 100,000 videos, latency growth per endpoint
 *   npm run bench -- --db postgres --videos 1000000 --ratings 10000000   (5,000,000 history rows)
 *
 * Every figure with a target of decision 030 is printed again at the end beside its target, PASS or
 * MISS (targets.ts), for each database.
 *
 * A new scenario is a module under scenarios/ exporting a Scenario, added to `scenarios` below.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "#db/client";
import { profiles, users } from "#db/schema/auth";
import { buildApp } from "#server/app";
import { loadConfig } from "#server/shared/config";
import { cookieName, createSession } from "#server/shared/session";
import { originOf, startHelloWorld, startSameBytes } from "./baseline.ts";
import {
  BENCH_DB_NAME,
  type BenchDatabase,
  createPgliteDatabase,
  createPostgresDatabase,
  type DbKind,
  postgresAdminUrl,
  probePostgres,
  redact,
} from "./databases.ts";
import { fmt, generateCatalogue, measureSizes } from "./generate.ts";
import { checkPaths, loadClient, runLoad, runSequential, waitUntilIdle } from "./http.ts";
import {
  flagFor,
  formatScaling,
  formatSuite,
  type ScalingResult,
  type SuiteResult,
  scaling,
  writeJson,
} from "./report.ts";
import type { BenchContext, Measurement, MeasureOptions, Scenario, Sequential } from "./scenario.ts";
import { catalogueScenario } from "./scenarios/catalogue.ts";
import { discoveryScenario } from "./scenarios/discovery.ts";
import { historyScenario } from "./scenarios/history.ts";
import { listsScenario } from "./scenarios/lists.ts";
import { mediaBenchMain } from "./scenarios/media.ts";
import { streamBenchMain } from "./scenarios/stream.ts";
import {
  type CheckResult,
  evaluateTargets,
  formatTargets,
  SCALING_MAX_FACTOR,
  STREAM_RANGE_P99_MAX,
} from "./targets.ts";

/** Every scenario, in the order they run. Later issues add theirs here. */
const scenarios: Scenario[] = [catalogueScenario, discoveryScenario, listsScenario, historyScenario];

const SCALING_SMALL_VIDEOS = 10_000;
/** Longest wait for an overwhelmed server to drain its backlog before the next measurement. */
const DRAIN_MAX_S = 300;

const usage = `usage: npm run bench -- [options]
  --videos N        videos to generate (default 100000)
  --ratings N       ratings to generate, distinct user/video pairs (default 1000000: 10 per video)
  --history N       watch_history rows to generate (default 5 per video)
  --favorites N     favourites per generated member (default 40)
  --db KIND         pglite | postgres | both (default both when PostgreSQL answers, else pglite)
  --duration S      seconds of load per endpoint (default 10)
  --connections N   concurrent connections (default 50)
  --warmup S        unrecorded seconds before each measurement (default 2, 1 with --quick)
  --quick           10,000 videos, 100,000 ratings, 5 s per endpoint (explicit flags still win)
  --scaling         also run every scenario at 10,000 videos and print the latency growth
  --trigger-ratings send every rating through the aggregate trigger, as in production (slower:
                    by default the trigger is disabled during the insert and the aggregates set in one UPDATE)
  --media           only the media bench (ladder speed next to bare ffmpeg, time to first playable,
                    segment p99 next to nginx; --media-seconds, --playable-minutes, --segments,
                    --ladder single)
  --stream          only the stream bench (200 MB file: Bobine's proxy next to nginx; --file-mb, --downloads, --ranges)
  --keep            keep the PostgreSQL database ${BENCH_DB_NAME} afterwards (to EXPLAIN by hand)
PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres,
a server where the benchmark may DROP/CREATE DATABASE ${BENCH_DB_NAME}.`;

interface Options {
  videos: number;
  ratings: number;
  history: number | undefined;
  favorites: number;
  db: "pglite" | "postgres" | "both" | undefined;
  durationS: number;
  connections: number;
  warmupS: number;
  quick: boolean;
  scaling: boolean;
  triggerRatings: boolean;
  keep: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      videos: { type: "string" },
      ratings: { type: "string" },
      history: { type: "string" },
      favorites: { type: "string" },
      db: { type: "string" },
      duration: { type: "string" },
      connections: { type: "string" },
      warmup: { type: "string" },
      quick: { type: "boolean", default: false },
      scaling: { type: "boolean", default: false },
      "trigger-ratings": { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const quick = values.quick;
  const num = (name: string, raw: string | undefined, fallback: number, min: number) => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min)
      throw new UsageError(`--${name} must be a number ≥ ${min} (got "${raw}")`);
    return n;
  };
  const db = values.db;
  if (db !== undefined && db !== "pglite" && db !== "postgres" && db !== "both") {
    throw new UsageError(`--db must be pglite, postgres or both (got "${db}")`);
  }
  return {
    videos: Math.floor(num("videos", values.videos, quick ? 10_000 : 100_000, 1)),
    ratings: Math.floor(num("ratings", values.ratings, quick ? 100_000 : 1_000_000, 0)),
    history: values.history === undefined ? undefined : Math.floor(num("history", values.history, 0, 0)),
    favorites: Math.floor(num("favorites", values.favorites, 40, 0)),
    db,
    durationS: num("duration", values.duration, quick ? 5 : 10, 1),
    connections: Math.floor(num("connections", values.connections, 50, 1)),
    warmupS: num("warmup", values.warmup, quick ? 1 : 2, 0),
    quick,
    scaling: values.scaling,
    triggerRatings: values["trigger-ratings"],
    keep: values.keep,
  };
}

class UsageError extends Error {}

const say = (line = "") => process.stdout.write(`${line}\n`);

/** mulberry32: a tiny seeded generator, so every run requests the same offsets. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const pgliteVersion = (() => {
  try {
    const file = path.join(repoRoot, "node_modules", "@electric-sql", "pglite", "package.json");
    return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
  } catch {
    return "?";
  }
})();

async function engineName(kind: DbKind, database: Database): Promise<string> {
  const result = await database.db.execute(sql.raw("show server_version"));
  const rows = (result as unknown as { rows: { server_version: string }[] }).rows;
  const version = rows[0]?.server_version ?? "?";
  return kind === "pglite"
    ? `PGlite ${pgliteVersion} (PostgreSQL ${version} in WASM)`
    : `PostgreSQL ${version}`;
}

/** A member made for the benchmark (user, profile, session): its session cookie. */
async function benchMemberCookie(database: Database, config: ReturnType<typeof loadConfig>) {
  const [user] = await database.db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.org`, emailVerified: true })
    .returning({ id: users.id });
  if (!user) throw new Error("bench member not created");
  await database.db.insert(profiles).values({ id: user.id, username: `bench-${user.id.slice(0, 8)}` });
  const { token } = await createSession(database.db, config, user.id, {
    ip: "127.0.0.1",
    userAgent: "bench",
  });
  return `${cookieName(config)}=${token}`;
}

/** The application's settings for a benchmark: as in production, silent, API only. */
function benchConfig(dataDir: string, databaseUrl: string | undefined) {
  return loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    SERVE_WEB: "false",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: "0",
    PUBLIC_URL: "http://127.0.0.1",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

interface SuiteRequest {
  kind: DbKind;
  videos: number;
  ratings: number;
  history: number;
}

async function runSuite(req: SuiteRequest, opts: Options, adminUrl: string): Promise<SuiteResult> {
  const name = req.kind === "pglite" ? "PGlite" : "PostgreSQL";
  say(`-- ${name}: ${fmt(req.videos)} videos, ${fmt(req.ratings)} ratings, ${fmt(req.history)} history rows`);
  const poolMax = benchConfig(os.tmpdir(), undefined).databasePoolMax;
  const bench: BenchDatabase =
    req.kind === "pglite"
      ? await createPgliteDatabase()
      : await createPostgresDatabase(adminUrl, poolMax, { keep: opts.keep });
  let app: FastifyInstance | undefined;
  let uncachedApp: FastifyInstance | undefined;
  let origin: string | undefined;
  try {
    const engine = await engineName(req.kind, bench.database);
    say(`   ${engine}${bench.url ? ` at ${redact(bench.url)}` : ` in ${bench.dataDir}`}; generating data:`);
    const generation = await generateCatalogue(bench.loader, {
      videos: req.videos,
      ratings: req.ratings,
      history: req.history,
      favoritesPerUser: opts.favorites,
      ratingsMode: opts.triggerRatings ? "trigger" : "bulk",
      log: say,
    });
    say(`   generated in ${(generation.totalMs / 1000).toFixed(1)} s`);
    const sizes = await measureSizes(bench.loader);

    const config = benchConfig(bench.dataDir, bench.url);
    app = await buildApp({ config, database: bench.database });
    await app.listen({ port: 0, host: "127.0.0.1" });
    origin = originOf(app.server.address());
    const appOrigin = origin;
    // The same application with its catalogue caches off, on the same database (whose closing
    // stays with the first app): rows marked [no cache] measure the queries themselves.
    uncachedApp = await buildApp({
      config,
      database: { ...bench.database, close: async () => {} },
      catalogueCache: { enabled: false },
    });
    await uncachedApp.listen({ port: 0, host: "127.0.0.1" });
    const uncachedOrigin = originOf(uncachedApp.server.address());

    const load = (
      o: string,
      paths: readonly string[],
      headers?: Record<string, string>,
      write?: MeasureOptions["write"],
    ) =>
      runLoad({
        origin: o,
        paths,
        durationS: opts.durationS,
        connections: opts.connections,
        warmupS: opts.warmupS,
        ...(headers ? { headers } : {}),
        ...(write ? { method: write.method, bodies: write.bodies } : {}),
      });
    const progress = (label: string, r: Awaited<ReturnType<typeof runLoad>>, extra = "") =>
      say(
        `   ${label.padEnd(62)} ${fmt(Math.round(r.requestsPerSec)).padStart(7)} req/s  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  loop max ${r.eventLoopDelayMs.max.toFixed(0)} ms${extra}`,
      );
    /** Lets the backlog of an overwhelmed previous measurement drain before the next one. */
    const settle = async (maxWaitS: number) => {
      const waited = await waitUntilIdle(appOrigin, {
        probePath: "/api/health",
        maxWaitS,
        onWait: (s) =>
          say(`   … waiting for the server to finish the previous load's backlog (${s.toFixed(0)} s)`),
      });
      if (waited < 0) say(`   !! the server was still busy after ${maxWaitS} s; the next figures pay for it`);
      else if (waited > 1) say(`   (waited ${waited.toFixed(0)} s for the previous load's backlog to drain)`);
      return waited;
    };

    const hello = await startHelloWorld();
    let helloResult: Awaited<ReturnType<typeof runLoad>>;
    try {
      helloResult = await load(hello.origin, ["/"]);
    } finally {
      await hello.close();
    }
    progress("hello world (baseline)", helloResult);

    const measurements: Measurement[] = [];
    const sequentials: Sequential[] = [];
    const checks: CheckResult[] = [];
    const random = seededRandom(20_260_101);
    for (const scenario of scenarios) {
      const ctx: BenchContext = {
        origin: appOrigin,
        uncachedOrigin,
        database: bench.loader,
        sizes,
        random,
        log: (line) => say(`   ${line}`),
        memberCookie: () => benchMemberCookie(bench.database, config),
        cookieOf: async (userId) => {
          const { token } = await createSession(bench.database.db, config, userId, {
            ip: "127.0.0.1",
            userAgent: "bench",
          });
          return `${cookieName(config)}=${token}`;
        },
        check(checkName, ok, detail) {
          checks.push({ name: checkName, ok, detail });
          say(`   ${ok ? "PASS" : "MISS"} ${checkName}: ${detail}`);
        },
        async sequential(label, paths, sOpts) {
          await settle(DRAIN_MAX_S);
          const uncached = sOpts.uncached ?? false;
          const result = await runSequential(
            uncached ? uncachedOrigin : appOrigin,
            paths,
            sOpts.rounds,
            sOpts.headers,
          );
          const q: Sequential = {
            scenario: scenario.name,
            label,
            key: sOpts.key ?? label,
            pathCount: new Set(paths).size,
            uncached,
            result,
          };
          sequentials.push(q);
          say(
            `   ${label.padEnd(62)} one at a time: p50 ${result.latencyMs.p50} ms  p95 ${result.latencyMs.p95} ms  max ${result.latencyMs.max} ms${result.non2xx ? `  !! ${result.non2xx} non-2xx` : ""}`,
          );
          return q;
        },
        async measure(label, paths, mOpts = {}) {
          const headers = mOpts.headers ?? {};
          const drainedS = await settle(DRAIN_MAX_S);
          const target = mOpts.uncached ? uncachedOrigin : appOrigin;
          const failures = await checkPaths(target, paths, headers, mOpts.write);
          for (const f of failures) say(`   !! ${label}: ${f}`);
          const result = await load(target, paths, headers, mOpts.write);
          const flag =
            flagFor(result) ||
            (failures.length > 0 ? "!! failed its check request" : "") ||
            (drainedS < 0 ? "!! server still busy with the previous row's backlog" : "");
          const m: Measurement = {
            scenario: scenario.name,
            label,
            key: mOpts.key ?? label,
            samplePath: paths[0] ?? "",
            pathCount: new Set(paths).size,
            headers,
            result,
            drainedS,
            ratioToHello:
              helloResult.requestsPerSec > 0 ? result.requestsPerSec / helloResult.requestsPerSec : 0,
            flag,
          };
          progress(label, result, flag ? `  ${flag}` : "");
          if (mOpts.sameBytes) {
            const bare = await startSameBytes(target, paths, headers);
            try {
              const same = await load(bare.origin, paths, headers);
              m.sameBytes = {
                requestsPerSec: same.requestsPerSec,
                bytes: bare.bytes,
                ratio: same.requestsPerSec > 0 ? result.requestsPerSec / same.requestsPerSec : 0,
              };
              progress(`   the same answer from a bare Fastify (${fmt(bare.bytes)} bytes)`, same);
            } finally {
              await bare.close();
            }
          }
          measurements.push(m);
          return m;
        },
      };
      await scenario.run(ctx);
    }
    return {
      kind: req.kind,
      engine,
      poolMax: req.kind === "postgres" ? poolMax : null,
      requested: { videos: req.videos, ratings: req.ratings },
      sizes,
      generation,
      hello: helloResult,
      measurements,
      sequential: sequentials,
      checks,
    };
  } finally {
    // Queries still queued from an overwhelmed last measurement fail when the database closes:
    // give them a short while, not the full drain.
    if (origin) await waitUntilIdle(origin, { probePath: "/api/health", maxWaitS: 30 });
    // The app's onClose hook closes the database; drop() then removes it and the folder.
    await uncachedApp?.close().catch(() => {});
    await app?.close().catch(() => {});
    await bench.drop();
    if (opts.keep && req.kind === "postgres") say(`   kept database ${BENCH_DB_NAME}`);
  }
}

async function main() {
  // The media bench makes its own sources and ladder: `--media` runs it alone.
  if (process.argv.includes("--media")) {
    await mediaBenchMain(process.argv.slice(2), say);
    return;
  }
  // The stream bench has its own file, servers and nginx: `--stream` runs it alone.
  if (process.argv.includes("--stream")) {
    await streamBenchMain(process.argv.slice(2), say);
    return;
  }
  const opts = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  const admin = postgresAdminUrl();

  let kinds: DbKind[];
  let dbNote: string;
  if (opts.db === "pglite") {
    kinds = ["pglite"];
    dbNote = "pglite (--db pglite)";
  } else {
    const probe = await probePostgres(admin.url);
    if (opts.db === "postgres" || opts.db === "both") {
      if (!probe.ok) {
        throw new UsageError(
          `--db ${opts.db}: PostgreSQL at ${redact(admin.url)} (${admin.source}) does not answer: ${probe.reason}`,
        );
      }
      kinds = opts.db === "both" ? ["pglite", "postgres"] : ["postgres"];
      dbNote = `${kinds.join(" and ")} (--db ${opts.db})`;
    } else if (probe.ok) {
      kinds = ["pglite", "postgres"];
      dbNote = `pglite and postgres (PostgreSQL answers at ${redact(admin.url)}, from ${admin.source})`;
    } else {
      kinds = ["pglite"];
      dbNote = `pglite only: PostgreSQL at ${redact(admin.url)} (${admin.source}) does not answer: ${probe.reason}`;
    }
  }
  const scalingOn = opts.scaling && !opts.quick && opts.videos > SCALING_SMALL_VIDEOS;

  const cpus = os.cpus();
  const startLoad = os.loadavg();
  const client = loadClient();
  say("Bobine benchmark");
  say(`  started   ${startedAt.toISOString()}`);
  say(
    `  machine   ${cpus.length} × ${cpus[0]?.model.trim() ?? "?"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
      `${os.platform()} ${os.release()}, Node ${process.versions.node}`,
  );
  say(
    "  note      client and server share this machine: the server runs on the main thread of this process,",
  );
  say(
    client === "wrk"
      ? "            the load's client is wrk, one thread in its own process (and PGlite, when used, in the server's thread)"
      : "            autocannon in one worker thread of the same process (and PGlite, when used, in the server's thread);" +
          " install wrk (apt-get install wrk) for a client that costs the machine less",
  );
  say(
    `  load avg  ${startLoad.map((l) => l.toFixed(2)).join(" ")} at start (other work on the machine skews the figures)`,
  );
  say(`  databases ${dbNote}`);
  say(
    `  load      ${opts.connections} connections, ${opts.durationS} s per endpoint after ${opts.warmupS} s of warm-up, ` +
      "HTTP/1.1 keep-alive, no Accept-Encoding unless the row says so",
  );
  say(
    `  data      ${fmt(opts.videos)} videos, ${fmt(opts.ratings)} ratings${opts.quick ? " (--quick)" : ""}`,
  );
  if (opts.scaling && !scalingOn) {
    say(
      `  scaling   skipped: needs the full run (no --quick) and more than ${fmt(SCALING_SMALL_VIDEOS)} videos`,
    );
  }
  say();

  const suites: SuiteResult[] = [];
  const scalings: ScalingResult[] = [];
  for (const kind of kinds) {
    let small: SuiteResult | undefined;
    if (scalingOn) {
      const ratings = Math.round((opts.ratings * SCALING_SMALL_VIDEOS) / opts.videos);
      const history = Math.round((historyOf(opts) * SCALING_SMALL_VIDEOS) / opts.videos);
      small = await runSuite({ kind, videos: SCALING_SMALL_VIDEOS, ratings, history }, opts, admin.url);
      suites.push(small);
      say();
    }
    const full = await runSuite(
      { kind, videos: opts.videos, ratings: opts.ratings, history: historyOf(opts) },
      opts,
      admin.url,
    );
    suites.push(full);
    if (small) scalings.push(scaling(small, full, SCALING_MAX_FACTOR));
    say(`   peak resident memory so far: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
    say();
  }

  say("================================ results ================================");
  for (const s of suites) {
    say(formatSuite(s));
    say();
  }
  for (const s of scalings) {
    say(formatScaling(s, SCALING_MAX_FACTOR));
    say();
  }

  const flagged = suites.flatMap((s) => [
    ...(flagFor(s.hello) ? [`${s.kind}: hello world`] : []),
    ...s.measurements.filter((m) => m.flag).map((m) => `${s.kind}: ${m.label}`),
  ]);
  const totalS = (Date.now() - startedAt.getTime()) / 1000;
  const file = writeJson(startedAt, {
    startedAt: startedAt.toISOString(),
    durationS: totalS,
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim(),
      totalMemBytes: os.totalmem(),
      platform: `${os.platform()} ${os.release()}`,
      node: process.versions.node,
      loadAvgAtStart: startLoad,
      loadAvgAtEnd: os.loadavg(),
      note:
        client === "wrk"
          ? "client and server share this machine (wrk, one thread in its own process)"
          : "client and server share this machine (autocannon in a worker thread of the server's process)",
      client,
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
    },
    options: opts,
    suites,
    scaling: scalings,
    flagged,
  });
  const wrongAnswers = suites.some(
    (s) => s.hello.non2xx > 0 || s.measurements.some((m) => m.result.non2xx > 0),
  );
  if (flagged.length > 0) {
    say(`!! ${flagged.length} row(s) had non-2xx answers or connection errors: ${flagged.join("; ")}`);
    // A non-2xx answer is a broken endpoint: fail. Timeouts alone are an overloaded one: a figure.
    if (wrongAnswers) process.exitCode = 1;
  } else {
    say("all responses were 2xx, no connection errors");
  }
  say("-- stream: Bobine's byte path next to nginx on the same file");
  const stream = await streamBenchMain([], say);
  say();
  say("================================ targets (decision 030) ================================");
  for (const s of suites) {
    say(
      formatTargets(
        s,
        evaluateTargets(
          s,
          scalings.find((x) => x.kind === s.kind && x.fullVideos === s.sizes.videos),
        ),
      ),
    );
    say();
  }
  const streamLine = stream.ratios
    ? `${stream.ratios.rangeP99 <= STREAM_RANGE_P99_MAX ? "PASS" : "MISS"}  stream: random 1 MiB range p99, built-in ÷ nginx = ${stream.ratios.rangeP99.toFixed(2)}× (target ≤ ${STREAM_RANGE_P99_MAX}×)`
    : `—     stream: ${stream.skipped ?? "not measured"}`;
  say(streamLine);
  say();
  say("-- media: the HLS ladder (decision 025)");
  await mediaBenchMain(
    process.argv.includes("--quick") ? ["--media-seconds", "20", "--playable-minutes", "2"] : [],
    say,
  );
  say(`results written to ${file}; total ${(totalS / 60).toFixed(1)} min`);
}

/** History rows: --history, else 5 per video (5,000,000 at a million videos). */
const historyOf = (opts: Options) => opts.history ?? opts.videos * 5;

main().catch((err: unknown) => {
  if (
    err instanceof UsageError ||
    (err instanceof Error && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS"))
  ) {
    process.stderr.write(`${err.message}\n\n${usage}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
