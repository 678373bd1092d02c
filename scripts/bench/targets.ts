/**
 * Decision 030's targets, checked against one suite's figures and printed beside them, PASS or MISS
 * (`npm run bench` prints them last, for each database). A row whose figure was not measured in
 * this run (another scenario list, --quick without --scaling) says so instead of passing.
 */
import type { ScalingResult, SuiteResult } from "./report.ts";
import type { Measurement } from "./scenario.ts";

/** Every cacheable answer at 50 connections, with and without Accept-Encoding. */
export const CACHED_MIN_RATIO = 0.5;
/** /api/health: no database round trip per call. */
export const HEALTH_MIN_RATIO = 0.8;
/** Uncacheable answers one at a time (PostgreSQL); PGlite within 3× of it. */
export const UNCACHED_P95_MAX_MS = 10;
/** Uncacheable answers at 50 connections (PostgreSQL); PGlite within 3× of it. */
export const UNCACHED_MIN_RPS = 2000;
export const PGLITE_FACTOR = 3;
/** A deep keyset page against the first page, one at a time (p95). */
export const DEEP_PAGE_MAX_FACTOR = 1.5;
/** Progress saves at 50 connections on PostgreSQL. */
export const SAVES_MIN_RPS = 3000;
export const SAVES_P99_MAX_MS = 50;
/** --scaling: one request at a time, p95 from 10,000 to 100,000 videos. */
export const SCALING_MAX_FACTOR = 1.5;
/** Random 1 MiB ranges, built-in proxy ÷ nginx, p99. */
export const STREAM_RANGE_P99_MAX = 2;
/** Search (decision 005; the search engineer's corpus adds its own). */
export const SEARCH_P95_MAX_MS = { postgres: 20, pglite: 50 } as const;

/** Keys of the rows the targets read (scenarios set them). */
export const CACHED_KEYS = [
  "GET /api/home",
  "GET /api/landing?type=series",
  "GET /api/categories",
  "GET /api/catalogue/summary",
  "GET /api/top-rated",
  "GET /api/videos?limit=24",
  "search",
  "suggestions",
] as const;
export const BR = " [br]";
export const UNCACHED_KEYS = {
  explorer: "Explorer filter combinations",
  deep: "deep keyset pages",
  history: "a member's history",
  favorites: "a member's Ma liste",
} as const;
export const FIRST_PAGE_KEY = "first grid page [no cache]";
export const SAVES_KEY = "PUT /api/history/progress";
export const SEARCH_SEQUENTIAL_KEY = "GET /api/videos?q=<50 French queries> [no cache]";

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

export interface TargetRow {
  name: string;
  figure: string;
  target: string;
  /** null: not measured in this run, or no target on this database. */
  pass: boolean | null;
}

const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const int = (n: number) => Math.round(n).toLocaleString("en-US");

export function evaluateTargets(s: SuiteResult, growth?: ScalingResult): TargetRow[] {
  const rows: TargetRow[] = [];
  // The row's ceiling on this machine (baseline.ts startSameBytes): a bare Fastify sending its answer.
  const ceiling = (m: Measurement) =>
    m.sameBytes
      ? `; ${f2(m.sameBytes.ratio)}× a bare Fastify sending its answer (${int(m.sameBytes.bytes)} bytes and its headers: ${int(m.sameBytes.requestsPerSec)} req/s, ${f2(m.sameBytes.requestsPerSec / s.hello.requestsPerSec)}× hello)`
      : "";
  const pg = s.kind === "postgres";
  const load = (key: string) => s.measurements.find((m) => m.key === key);
  const seq = (key: string) => s.sequential.find((q) => q.key === key);
  const missing = (name: string, target: string) =>
    rows.push({ name, figure: "not measured", target, pass: null });

  for (const key of CACHED_KEYS) {
    for (const suffix of ["", BR]) {
      const name = `cached ${key}${suffix || " [no Accept-Encoding]"}`;
      const target = `≥ ${CACHED_MIN_RATIO}× hello`;
      const m = load(`${key}${suffix}`);
      if (!m) missing(name, target);
      else
        rows.push({
          name,
          figure: `${f2(m.ratioToHello)}× (${int(m.result.requestsPerSec)} req/s)${ceiling(m)}`,
          target,
          pass: !m.flag && m.ratioToHello >= CACHED_MIN_RATIO,
        });
    }
  }
  const health = load("GET /api/health");
  if (!health) missing("GET /api/health", `≥ ${HEALTH_MIN_RATIO}× hello`);
  else
    rows.push({
      name: "GET /api/health",
      figure: `${f2(health.ratioToHello)}× (${int(health.result.requestsPerSec)} req/s)${ceiling(health)}`,
      target: `≥ ${HEALTH_MIN_RATIO}× hello`,
      pass: !health.flag && health.ratioToHello >= HEALTH_MIN_RATIO,
    });

  const p95Max = pg ? UNCACHED_P95_MAX_MS : UNCACHED_P95_MAX_MS * PGLITE_FACTOR;
  const rpsMin = pg ? UNCACHED_MIN_RPS : UNCACHED_MIN_RPS / PGLITE_FACTOR;
  for (const key of Object.values(UNCACHED_KEYS)) {
    const q = seq(key);
    const one = `${key}, one at a time`;
    if (!q) missing(one, `p95 ≤ ${p95Max} ms`);
    else
      rows.push({
        name: one,
        figure: `p95 ${f1(q.result.latencyMs.p95)} ms (p50 ${f1(q.result.latencyMs.p50)})`,
        target: `p95 ≤ ${p95Max} ms`,
        pass: q.result.non2xx === 0 && q.result.latencyMs.p95 <= p95Max,
      });
    const m = load(key);
    const many = `${key}, 50 connections`;
    if (!m) missing(many, `≥ ${int(rpsMin)} req/s`);
    else
      rows.push({
        name: many,
        figure: `${int(m.result.requestsPerSec)} req/s, p99 ${m.result.latencyMs.p99} ms`,
        target: `≥ ${int(rpsMin)} req/s`,
        pass: !m.flag && m.result.requestsPerSec >= rpsMin,
      });
  }
  const deep = seq(UNCACHED_KEYS.deep);
  const first = seq(FIRST_PAGE_KEY);
  if (!deep || !first) missing("deep keyset page ÷ first page (p95)", `≤ ${DEEP_PAGE_MAX_FACTOR}×`);
  else {
    const factor = deep.result.latencyMs.p95 / Math.max(first.result.latencyMs.p95, 0.1);
    rows.push({
      name: "deep keyset page ÷ first page (p95)",
      figure: `${f2(factor)}× (${f1(deep.result.latencyMs.p95)} / ${f1(first.result.latencyMs.p95)} ms)`,
      target: `≤ ${DEEP_PAGE_MAX_FACTOR}×`,
      pass: factor <= DEEP_PAGE_MAX_FACTOR,
    });
  }

  const saves = load(SAVES_KEY);
  if (!saves)
    missing("progress saves, 50 connections", `≥ ${int(SAVES_MIN_RPS)}/s, p99 ≤ ${SAVES_P99_MAX_MS} ms`);
  else
    rows.push({
      name: "progress saves, 50 connections",
      figure: `${int(saves.result.requestsPerSec)}/s, p99 ${saves.result.latencyMs.p99} ms`,
      target: pg ? `≥ ${int(SAVES_MIN_RPS)}/s, p99 ≤ ${SAVES_P99_MAX_MS} ms` : "(PostgreSQL only)",
      pass: pg
        ? !saves.flag &&
          saves.result.requestsPerSec >= SAVES_MIN_RPS &&
          saves.result.latencyMs.p99 <= SAVES_P99_MAX_MS
        : null,
    });
  for (const c of s.checks) rows.push({ name: c.name, figure: c.detail, target: "exact", pass: c.ok });

  const search = seq(SEARCH_SEQUENTIAL_KEY);
  const searchMax = SEARCH_P95_MAX_MS[s.kind];
  if (search)
    rows.push({
      name: "search, 50 French queries, one at a time",
      figure: `p95 ${f1(search.result.latencyMs.p95)} ms`,
      target: `p95 ≤ ${searchMax} ms`,
      pass: search.result.latencyMs.p95 <= searchMax,
    });

  if (!growth) {
    missing("growth 10,000 → this size (p95, one at a time)", `≤ ${SCALING_MAX_FACTOR}× (--scaling)`);
  } else {
    const seqRows = growth.rows.filter((r) => r.kind === "sequential");
    const worst = seqRows.reduce<(typeof seqRows)[number] | null>(
      (a, b) => (a === null || b.p99Factor > a.p99Factor ? b : a),
      null,
    );
    const over = seqRows.filter((r) => !r.withinTarget);
    rows.push({
      name: `growth ${int(growth.smallVideos)} → ${int(growth.fullVideos)} videos (p95, one at a time)`,
      figure: worst
        ? `worst ${f2(worst.p99Factor)}× (${worst.label})${over.length ? `; over: ${over.map((r) => r.label).join(", ")}` : ""}`
        : "no row",
      target: `≤ ${SCALING_MAX_FACTOR}× every endpoint`,
      pass: worst !== null && over.length === 0,
    });
  }
  return rows;
}

export function formatTargets(s: SuiteResult, rows: TargetRow[]): string {
  const head = `== ${s.engine}: ${int(s.sizes.videos)} videos, ${int(s.sizes.ratings)} ratings, ${int(s.sizes.history)} history rows ==`;
  const width = Math.max(...rows.map((r) => r.name.length));
  const figureWidth = Math.max(...rows.map((r) => r.figure.length));
  const lines = rows.map(
    (r) =>
      `${r.pass === null ? "—   " : r.pass ? "PASS" : "MISS"}  ${r.name.padEnd(width)}  ${r.figure.padEnd(figureWidth)}  target ${r.target}`,
  );
  const missed = rows.filter((r) => r.pass === false).length;
  const passed = rows.filter((r) => r.pass === true).length;
  return `${head}\n${lines.join("\n")}\n${passed} PASS, ${missed} MISS`;
}
