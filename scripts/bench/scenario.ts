import type { Database } from "#db/client";
import type { DataSizes } from "./generate.ts";
import type { LoadResult, SequentialResult } from "./http.ts";

/** One row of the sequential latency table. */
export interface Sequential {
  scenario: string;
  label: string;
  /** Matches the same row across catalogue sizes and in the targets (targets.ts); the label unless given. */
  key: string;
  pathCount: number;
  uncached: boolean;
  result: SequentialResult;
}

/** One row of the results table: one endpoint (or a rotation of paths) under load. */
export interface Measurement {
  scenario: string;
  /** Row name in the table. */
  label: string;
  /** Matches the same row across catalogue sizes (scaling check); the label unless given. */
  key: string;
  /** First path and how many distinct paths rotated. */
  samplePath: string;
  pathCount: number;
  headers: Record<string, string>;
  result: LoadResult;
  /** Seconds spent waiting for the previous measurement's backlog to drain (-1: gave up). */
  drainedS: number;
  /** Requests per second relative to the bare Fastify hello-world measured in the same suite. */
  ratioToHello: number;
  /** Non-empty when the row must not be trusted as is (non-2xx answers, connection errors). */
  flag: string;
  /**
   * With MeasureOptions.sameBytes: a bare Fastify sending the same answers, bytes and headers
   * (baseline.ts), its req/s, the answers' mean size, and this row's req/s as a share of it (1:
   * nothing but the answer's own cost).
   */
  sameBytes?: { requestsPerSec: number; bytes: number; ratio: number };
}

export interface MeasureOptions {
  headers?: Record<string, string>;
  /** Stable identity of the row when its label mentions the catalogue size. */
  key?: string;
  /** Load the twin application whose catalogue caches are off (docs/decisions/005). */
  uncached?: boolean;
  /** Also measure a bare Fastify sending the very answers (bytes and headers) these paths gave. */
  sameBytes?: boolean;
  /** A write load: the method and one JSON body per path (give a content-type header too). */
  write?: { method: "PUT" | "POST"; bodies: readonly string[] };
}

export interface BenchContext {
  /** Origin of the real application (buildApp) listening on 127.0.0.1. */
  origin: string;
  /** The same application on the same database with its catalogue caches off. */
  uncachedOrigin: string;
  /** The benchmark database, already filled: scenarios may read it to build request lists. */
  database: Database;
  sizes: DataSizes;
  /** Deterministic random numbers in [0, 1), so that runs request the same things. */
  random(): number;
  log(line: string): void;
  /** A signed-in member of the benchmark database: its session cookie, for member-only endpoints. */
  memberCookie(): Promise<string>;
  /** The session cookie of an existing member (the generated ones have history and favourites). */
  cookieOf(userId: string): Promise<string>;
  /** Records a pass/miss check that is not a figure (e.g. "no save lost"), shown with the targets. */
  check(name: string, ok: boolean, detail: string): void;
  /**
   * Requests `paths` one at a time, `rounds` times each, and records their p50/p95 (decision 005's
   * search latency), on the application with its caches off when `uncached`.
   */
  sequential(
    label: string,
    paths: readonly string[],
    opts: { rounds: number; uncached?: boolean; key?: string; headers?: Record<string, string> },
  ): Promise<Sequential>;
  /** Loads `paths` for the configured duration and connections, records the row and returns it. */
  measure(label: string, paths: readonly string[], opts?: MeasureOptions): Promise<Measurement>;
}

/**
 * A benchmark scenario: a module under scenarios/ exporting one of these, registered in the
 * `scenarios` list of run.ts. It runs against the synthetic catalogue of generate.ts.
 */
export interface Scenario {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<void>;
}
