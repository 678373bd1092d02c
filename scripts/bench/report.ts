import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DataSizes, GenerationReport } from "./generate.ts";
import type { LoadResult } from "./http.ts";
import type { Measurement, Sequential } from "./scenario.ts";

/** Everything measured on one database at one catalogue size. */
export interface SuiteResult {
  kind: "pglite" | "postgres";
  engine: string;
  poolMax: number | null;
  requested: { videos: number; ratings: number };
  sizes: DataSizes;
  generation: GenerationReport;
  hello: LoadResult;
  measurements: Measurement[];
  sequential: Sequential[];
  /** Pass/miss checks that are not figures (targets.ts). */
  checks: { name: string; ok: boolean; detail: string }[];
}

export interface ScalingRow {
  label: string;
  /** One request at a time (p50/p95: the endpoint's own latency, the growth target) or 50 connections (p50/p99). */
  kind: "sequential" | "load";
  small: { p50: number; p99: number; rps: number };
  full: { p50: number; p99: number; rps: number };
  p50Factor: number;
  p99Factor: number;
  withinTarget: boolean;
  /** Errors or timeouts at either size: the latencies are those of the requests that got an answer. */
  errors: boolean;
}

export interface ScalingResult {
  kind: "pglite" | "postgres";
  smallVideos: number;
  fullVideos: number;
  rows: ScalingRow[];
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const ms = (n: number) => n.toFixed(1);
/** Ratios to hello-world are small: keep two significant digits. */
const ratio = (r: number) =>
  r >= 0.1 ? r.toFixed(2) : r > 0 ? r.toFixed(Math.min(6, 1 - Math.floor(Math.log10(r)))) : "0";
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sec = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;

function table(headers: string[], rows: string[][], alignLeft: number[] = [0]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (alignLeft.includes(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [line(headers), rule.trimEnd(), ...rows.map(line)].join("\n");
}

export const HELLO_LABEL = "hello world (bare Fastify, baseline)";

export function formatSuite(s: SuiteResult): string {
  const z = s.sizes;
  const out: string[] = [];
  out.push(`== ${s.engine}${s.poolMax ? `, pool of ${s.poolMax} connections` : ""} ==`);
  out.push(
    `data: ${int(z.videos)} videos (${int(z.movies)} movies, ${int(z.series)} series), ${int(z.episodes)} episodes, ` +
      `${int(z.categories)} categories, ${int(z.videoCategories)} video_categories, ${int(z.users)} users/${int(z.profiles)} profiles, ` +
      `${int(z.ratings)} ratings; database ${mb(z.databaseBytes)}`,
  );
  out.push(`generation: ${sec(s.generation.totalMs)} (ratings: ${s.generation.ratingsTrigger})`);
  out.push(
    "errors = non-2xx answers + connection errors (timeouts after 10 s); loop max = longest stall of the server's event loop",
  );
  out.push("");
  const row = (label: string, r: LoadResult, ratio: string, flag: string) => [
    label,
    int(r.requestsPerSec),
    ratio,
    ms(r.latencyMs.p50),
    ms(r.latencyMs.p97_5),
    ms(r.latencyMs.p99),
    int(r.non2xx + r.errors),
    int(r.eventLoopDelayMs.max),
    flag,
  ];
  const rows = [
    row(HELLO_LABEL, s.hello, "1.00", flagFor(s.hello)),
    ...s.measurements.map((m) => row(m.label, m.result, ratio(m.ratioToHello), m.flag)),
  ];
  out.push(
    table(
      ["endpoint", "req/s", "×hello", "p50 ms", "p97.5 ms", "p99 ms", "errors", "loop max ms", ""],
      rows,
      [0, 8],
    ),
  );
  if (s.sequential.length > 0) {
    out.push("");
    out.push("one request at a time (no queueing): the latency of the endpoint itself");
    out.push(
      table(
        ["requests", "count", "p50 ms", "p95 ms", "max ms", "non-2xx"],
        s.sequential.map((q) => [
          q.label,
          int(q.result.requests),
          ms(q.result.latencyMs.p50),
          ms(q.result.latencyMs.p95),
          ms(q.result.latencyMs.max),
          int(q.result.non2xx),
        ]),
        [0],
      ),
    );
  }
  return out.join("\n");
}

export function flagFor(r: LoadResult): string {
  const parts: string[] = [];
  if (r.non2xx > 0) {
    const codes = Object.entries(r.statusCodes)
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, n]) => `${n}×${code}`)
      .join(" ");
    parts.push(`non-2xx: ${codes || r.non2xx}`);
  }
  if (r.errors > 0) parts.push(`${r.errors} connection errors (${r.timeouts} timeouts)`);
  if (r.requests === 0) parts.push("no response");
  return parts.length > 0 ? `!! ${parts.join(", ")}` : "";
}

export function scaling(small: SuiteResult, full: SuiteResult, maxFactor: number): ScalingResult {
  const rows: ScalingRow[] = [];
  // One request at a time: p95 is the endpoint's own latency, what the growth target is about.
  for (const q of small.sequential) {
    const b = full.sequential.find((f) => f.key === q.key);
    if (!b) continue;
    const p50Factor = Math.max(b.result.latencyMs.p50, 0.1) / Math.max(q.result.latencyMs.p50, 0.1);
    const p99Factor = Math.max(b.result.latencyMs.p95, 0.1) / Math.max(q.result.latencyMs.p95, 0.1);
    const errors = q.result.non2xx > 0 || b.result.non2xx > 0;
    rows.push({
      label: q.key,
      kind: "sequential",
      small: { p50: q.result.latencyMs.p50, p99: q.result.latencyMs.p95, rps: 0 },
      full: { p50: b.result.latencyMs.p50, p99: b.result.latencyMs.p95, rps: 0 },
      p50Factor,
      p99Factor,
      withinTarget: p99Factor <= maxFactor && !errors,
      errors,
    });
  }
  const pairs: [string, LoadResult, LoadResult | undefined][] = [
    [HELLO_LABEL, small.hello, full.hello],
    ...small.measurements.map(
      (m) =>
        [m.key, m.result, full.measurements.find((f) => f.key === m.key)?.result] as [
          string,
          LoadResult,
          LoadResult | undefined,
        ],
    ),
  ];
  for (const [label, a, b] of pairs) {
    if (!b) continue;
    // Autocannon latencies are whole milliseconds: a 0 ms median is counted as 1 ms.
    const p50Factor = Math.max(b.latencyMs.p50, 1) / Math.max(a.latencyMs.p50, 1);
    const p99Factor = Math.max(b.latencyMs.p99, 1) / Math.max(a.latencyMs.p99, 1);
    rows.push({
      label,
      kind: "load",
      small: { p50: a.latencyMs.p50, p99: a.latencyMs.p99, rps: a.requestsPerSec },
      full: { p50: b.latencyMs.p50, p99: b.latencyMs.p99, rps: b.requestsPerSec },
      p50Factor,
      p99Factor,
      withinTarget: p99Factor <= maxFactor && !flagFor(a) && !flagFor(b),
      errors: Boolean(flagFor(a) || flagFor(b)),
    });
  }
  return { kind: full.kind, smallVideos: small.sizes.videos, fullVideos: full.sizes.videos, rows };
}

export function formatScaling(s: ScalingResult, maxFactor: number): string {
  const name = s.kind === "pglite" ? "PGlite" : "PostgreSQL";
  const head = `== scaling on ${name}: ${int(s.smallVideos)} → ${int(s.fullVideos)} videos (target: one request at a time, p95 ≤ ${maxFactor}×) ==`;
  const section = (kind: ScalingRow["kind"]) => {
    const tail = kind === "sequential" ? "p95" : "p99";
    const rows = s.rows
      .filter((r) => r.kind === kind)
      .map((r) => [
        r.label,
        ms(r.small.p50),
        ms(r.full.p50),
        `${r.p50Factor.toFixed(2)}×`,
        ms(r.small.p99),
        ms(r.full.p99),
        `${r.p99Factor.toFixed(2)}×`,
        r.errors ? "!! errors" : kind === "load" ? "" : r.withinTarget ? "PASS" : "MISS",
      ]);
    return table(
      [
        kind === "sequential" ? "one request at a time" : "50 connections (queueing included; no target)",
        "p50 small",
        "p50 full",
        "p50 growth",
        `${tail} small`,
        `${tail} full`,
        `${tail} growth`,
        "",
      ],
      rows,
      [0, 7],
    );
  };
  return `${head}\n${section("sequential")}\n\n${section("load")}`;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Writes the run to .bench/results-<timestamp>.json (git-ignored) and returns the path. */
export function writeJson(startedAt: Date, payload: unknown): string {
  const dir = path.join(repoRoot, ".bench");
  fs.mkdirSync(dir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
  const file = path.join(dir, `results-${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(payload, null, 2)}\n`);
  return path.relative(process.cwd(), file) || file;
}
