/**
 * Stream bench (decision 006): the same generated file (200 MB by default) sent by
 *  - nginx alone (static location, sendfile): the reference;
 *  - Bobine's built-in proxy (ticket checked, file piped to the socket);
 *  - Bobine with STREAM_OFFLOAD=x-accel behind nginx (Bobine authorises, nginx sends);
 * measured in the same run: full downloads (MB/s, one connection) and random 1 MiB ranges
 * (p50/p99, one keep-alive connection). The client is curl, a separate process, so the
 * measuring costs the server's event loop nothing. Targets: built-in ≥ 0.3× nginx's throughput,
 * range p99 ≤ 2× nginx's. Runs with `npm run bench -- --stream` (alone) and at the end of a
 * full `npm run bench`; skipped with a message when nginx or curl is absent.
 */
import { execFile } from "node:child_process";
import { randomFillSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { openDatabase } from "#db/client";
import { profiles, users } from "#db/schema/auth";
import { subscriptionPlans } from "#db/schema/billing";
import { videos } from "#db/schema/catalogue";
import { buildApp } from "#server/app";
import { loadConfig } from "#server/shared/config";
import { grantEntitlement } from "#server/shared/entitlement.queries";
import { createSession } from "#server/shared/session";
import { hasNginx, nginxConfig, startNginx } from "../../../tests/nginx.ts";
import { originOf } from "../baseline.ts";

const run = promisify(execFile);
const MiB = 1024 * 1024;

export interface StreamBenchOptions {
  fileMb: number;
  downloads: number;
  ranges: number;
  log: (line: string) => void;
}

export interface StreamRow {
  label: string;
  fullMBps: number;
  rangeP50Ms: number;
  rangeP99Ms: number;
  errors: number;
}

export interface StreamBenchResult {
  fileBytes: number;
  rows: StreamRow[];
  ratios: { throughput: number; rangeP99: number; offloadThroughput: number } | null;
  skipped?: string;
}

async function hasCurl() {
  return run("curl", ["--version"]).then(
    () => true,
    () => false,
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** One curl process, transfers in sequence over one keep-alive connection, one line per transfer. */
async function curlBatch(dir: string, transfers: Array<{ url: string; range?: string }>) {
  const file = path.join(dir, `curl-${Date.now()}-${Math.random().toString(36).slice(2)}.cfg`);
  const lines = transfers.map((t, i) =>
    [
      i > 0 ? "next" : "",
      `url = "${t.url}"`,
      t.range ? `range = "${t.range}"` : "",
      'output = "/dev/null"',
      'write-out = "%{http_code} %{size_download} %{time_total}\\n"',
    ]
      .filter(Boolean)
      .join("\n"),
  );
  fs.writeFileSync(file, `silent\n${lines.join("\n")}\n`);
  const { stdout } = await run("curl", ["--config", file], { maxBuffer: 64 * MiB });
  fs.rmSync(file);
  return stdout
    .trim()
    .split("\n")
    .map((l) => {
      const [code = "0", size = "0", time = "0"] = l.split(" ");
      return { code: Number(code), bytes: Number(size), seconds: Number(time) };
    });
}

async function measure(
  dir: string,
  label: string,
  url: string,
  size: number,
  opts: StreamBenchOptions,
  random: () => number,
): Promise<StreamRow> {
  await curlBatch(dir, [{ url }]); // warm-up: the file in the page cache, the connection paths hot
  const full = await curlBatch(
    dir,
    Array.from({ length: opts.downloads }, () => ({ url })),
  );
  const bytes = full.reduce((s, r) => s + r.bytes, 0);
  const seconds = full.reduce((s, r) => s + r.seconds, 0);
  const ranges = await curlBatch(
    dir,
    Array.from({ length: opts.ranges }, () => {
      const start = Math.floor(random() * (size - MiB));
      return { url, range: `${start}-${start + MiB - 1}` };
    }),
  );
  const times = ranges.map((r) => r.seconds * 1000).sort((a, b) => a - b);
  const wrong = [
    ...full.filter((r) => r.code !== 200 || r.bytes !== size),
    ...ranges.filter((r) => r.code !== 206 || r.bytes !== MiB),
  ];
  const errors = wrong.length;
  const row = {
    label,
    fullMBps: bytes / MiB / (seconds || 1),
    rangeP50Ms: percentile(times, 50),
    rangeP99Ms: percentile(times, 99),
    errors,
  };
  opts.log(
    `${label.padEnd(44)} ${row.fullMBps.toFixed(0).padStart(6)} MB/s   1 MiB ranges p50 ${row.rangeP50Ms.toFixed(2)} ms  p99 ${row.rangeP99Ms.toFixed(2)} ms${errors ? `  !! ${errors} wrong answers (first: HTTP ${wrong[0]?.code}, ${wrong[0]?.bytes} bytes)` : ""}`,
  );
  return row;
}

export async function runStreamBench(opts: StreamBenchOptions): Promise<StreamBenchResult> {
  if (!hasNginx || !(await hasCurl())) {
    const skipped = "stream bench skipped: needs /usr/sbin/nginx and curl";
    opts.log(skipped);
    return { fileBytes: 0, rows: [], ratios: null, skipped };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-bench-stream-"));
  fs.chmodSync(dataDir, 0o755);
  const database = await openDatabase({});
  const apps: FastifyInstance[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    await database.migrate();
    const configFor = (offload: "none" | "x-accel") =>
      loadConfig({
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
        SERVE_WEB: "false",
        DATA_DIR: dataDir,
        PUBLIC_URL: "http://127.0.0.1",
        STREAM_OFFLOAD: offload,
        // The longest lease: the bench sends no heartbeat, and on a loaded machine its 1,000 ranges
        // and downloads outlast the default 90 s (the ticket would then answer 401).
        STREAM_LEASE_SECONDS: "600",
      });
    const config = configFor("none");
    const size = opts.fileMb * MiB;
    const videoDir = path.join(config.mediaDir, "videos");
    fs.mkdirSync(videoDir, { recursive: true });
    const fd = fs.openSync(path.join(videoDir, "bench.mp4"), "w");
    const chunk = Buffer.alloc(8 * MiB);
    for (let written = 0; written < size; written += chunk.length) {
      randomFillSync(chunk);
      fs.writeSync(fd, chunk, 0, Math.min(chunk.length, size - written));
    }
    fs.closeSync(fd);

    const db = database.db;
    const [user] = await db
      .insert(users)
      .values({ email: "bench@bobine.example", emailVerified: true })
      .returning();
    if (!user) throw new Error("bench user");
    await db.insert(profiles).values({ id: user.id, username: "bench-stream" });
    const [plan] = await db
      .select({ id: subscriptionPlans.id })
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.code, "lifetime"));
    if (!plan) throw new Error("lifetime plan missing");
    // Access is an entitlement (decision 012), as a lifetime purchase would grant it.
    await db.transaction((tx) =>
      grantEntitlement(tx, { userId: user.id, planId: plan.id, source: "demo", endsAt: null }),
    );
    const [video] = await db
      .insert(videos)
      .values({ title: "Bench", year: 2026, type: "movie", videoUrl: "local:videos/bench.mp4" })
      .returning();
    if (!video) throw new Error("bench video");
    const { token } = await createSession(db, config, user.id, { ip: "127.0.0.1", userAgent: "bench" });

    const origins: string[] = [];
    const tickets: string[] = [];
    for (const offload of ["none", "x-accel"] as const) {
      const app = await buildApp({ config: configFor(offload), database });
      apps.push(app);
      await app.listen({ port: 0, host: "127.0.0.1" });
      origins.push(originOf(app.server.address()));
      const res = await app.inject({
        method: "POST",
        url: `/api/videos/${video.id}/ticket`,
        headers: { cookie: `bobine_session=${token}` },
        payload: { deviceId: `bench-${offload}` },
      });
      if (res.statusCode !== 200) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
      tickets.push(res.json().url);
    }
    const offloadPort = Number(new URL(origins[1] as string).port);
    nginx = await startNginx((prefix, listenPort) =>
      nginxConfig({
        prefix,
        listenPort,
        bobinePort: offloadPort,
        mediaDir: config.mediaDir,
        extraLocations: `
    location /bench-static/ {
        alias ${videoDir}/;
        sendfile on;
        tcp_nopush on;
        sendfile_max_chunk 2m;
    }`,
      }),
    );

    let seed = 20_260_105;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const tmp = dataDir;
    opts.log(
      `stream: ${opts.fileMb} MB file, ${opts.downloads} full downloads and ${opts.ranges} random 1 MiB ranges each (curl, one connection)`,
    );
    const reference = await measure(
      tmp,
      "nginx static (sendfile), reference",
      `${nginx.origin}/bench-static/bench.mp4`,
      size,
      opts,
      random,
    );
    const builtIn = await measure(
      tmp,
      "Bobine /api/videos/proxy (built-in)",
      `${origins[0]}${tickets[0]}`,
      size,
      opts,
      random,
    );
    const offloaded = await measure(
      tmp,
      "Bobine x-accel + nginx",
      `${nginx.origin}${tickets[1]}`,
      size,
      opts,
      random,
    );
    const ratios = {
      throughput: builtIn.fullMBps / reference.fullMBps,
      rangeP99: builtIn.rangeP99Ms / (reference.rangeP99Ms || 1),
      offloadThroughput: offloaded.fullMBps / reference.fullMBps,
    };
    opts.log(
      `ratios: built-in throughput ${ratios.throughput.toFixed(2)}× nginx (target ≥ 0.30), range p99 ${ratios.rangeP99.toFixed(2)}× nginx (target ≤ 2), x-accel throughput ${ratios.offloadThroughput.toFixed(2)}× nginx`,
    );
    return { fileBytes: size, rows: [reference, builtIn, offloaded], ratios };
  } finally {
    await nginx?.stop();
    for (const app of apps.reverse()) await app.close().catch(() => {});
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- --stream [--file-mb N] [--downloads N] [--ranges N]` */
export async function streamBenchMain(argv: string[], say: (line: string) => void) {
  const arg = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    const n = i >= 0 ? Number(argv[i + 1]) : fallback;
    return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
  };
  const result = await runStreamBench({
    fileMb: arg("file-mb", 200),
    downloads: arg("downloads", 5),
    ranges: arg("ranges", 500),
    log: (line) => say(`   ${line}`),
  });
  const dir = path.resolve(import.meta.dirname, "../../../.bench");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `stream-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ machine: os.cpus().length, ...result }, null, 2)}\n`);
  say(`   stream results written to ${file}`);
  return result;
}
