import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import autocannon from "autocannon";

const run = promisify(execFile);

/**
 * The load's client. wrk (C, its own process; Debian's `wrk`) when installed: it costs the machine
 * a fraction of what autocannon (JavaScript, a worker thread of the server's own process) costs per
 * request and per byte read, so the figures say more of the server and less of the client — the
 * hello world and every row alike. BENCH_CLIENT=autocannon forces the old client (and it is the one
 * used without wrk); the report says which one ran.
 */
export type LoadClient = "wrk" | "autocannon";

let chosen: LoadClient | undefined;

export function loadClient(): LoadClient {
  chosen ??= findClient();
  return chosen;
}

function findClient(): LoadClient {
  const wanted = process.env.BENCH_CLIENT;
  if (wanted === "autocannon") return "autocannon";
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return "wrk";
  } catch (err) {
    // wrk --version prints its usage and exits 1: installed all the same.
    if ((err as { status?: number }).status === 1) return "wrk";
    if (wanted === "wrk") throw new Error("BENCH_CLIENT=wrk: wrk is not installed (apt-get install wrk)");
    return "autocannon";
  }
}

export interface LoadOptions {
  /** Server origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Request paths; each connection walks the list in turn, so several paths rotate. */
  paths: readonly string[];
  durationS: number;
  connections: number;
  headers?: Record<string, string>;
  /** A write load: the method, and one JSON body per path (same order). GET without. */
  method?: "GET" | "PUT" | "POST";
  bodies?: readonly string[];
  /**
   * Seconds of unrecorded load first (JIT, connection pools, caches), with at most 8 connections:
   * enough to warm up, without queueing a backlog of slow requests in front of the measurement.
   */
  warmupS?: number;
}

export interface LoadResult {
  requestsPerSec: number;
  latencyMs: { mean: number; p50: number; p97_5: number; p99: number; max: number };
  requests: number;
  /** Responses whose status was not 2xx. */
  non2xx: number;
  /** Connection errors, including timeouts (no response at all). */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /**
   * Delay of this process's event loop during the measurement: the server's main thread, where
   * PGlite runs its queries synchronously; a long max is a stall every request waited for.
   */
  eventLoopDelayMs: { p99: number; max: number };
  durationS: number;
  connections: number;
}

/**
 * Runs the load against `paths` on `origin` with the machine's client (loadClient): wrk in its own
 * process, or autocannon in one worker thread (the server keeps the main thread; on a 2-core
 * machine each gets a core, more or less). Latencies in milliseconds (wrk's to the microsecond,
 * autocannon's whole).
 */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  if (opts.paths.length === 0) throw new Error("runLoad: no path");
  if (loadClient() === "wrk") return runWrk(opts);
  const base = {
    url: opts.origin,
    connections: opts.connections,
    workers: 1,
    headers: opts.headers ?? {},
    requests: opts.paths.map((path, i) => ({
      method: opts.method ?? ("GET" as const),
      path,
      ...(opts.bodies?.[i] !== undefined ? { body: opts.bodies[i] } : {}),
    })),
  };
  if (opts.warmupS && opts.warmupS > 0) {
    await autocannon({ ...base, connections: Math.min(opts.connections, 8), duration: opts.warmupS });
  }
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const r = await autocannon({ ...base, duration: opts.durationS });
  loop.disable();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  return {
    requestsPerSec: r.requests.mean,
    latencyMs: {
      mean: r.latency.mean,
      p50: r.latency.p50,
      p97_5: r.latency.p97_5,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    eventLoopDelayMs: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
    durationS: r.duration,
    connections: r.connections,
  };
}

/** A Lua string literal (wrk's scripts are LuaJIT's): JSON's escapes but \\u00XX, which is \\xXX there. */
const lua = (text: string) => JSON.stringify(text).replace(/\\u00([0-9a-f]{2})/gi, "\\x$1");

/**
 * wrk's script: the requests built once (method, path, headers, body), each connection's next
 * request the next of the list (several paths rotate), and at the end one JSON line with the
 * figures. The answers of 400 and above are wrk's `errors.status`, this client's « non-2xx » (no
 * row of the bench expects a 3xx).
 */
function wrkScript(opts: LoadOptions): string {
  const headers = Object.entries(opts.headers ?? {})
    .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
    .join(", ");
  const requests = opts.paths
    .map((p, i) => {
      const body = opts.bodies?.[i];
      return `wrk.format(${lua(opts.method ?? "GET")}, ${lua(p)}, headers, ${body === undefined ? "nil" : lua(body)})`;
    })
    .join(",\n    ");
  return `local headers = { ${headers} }
local requests
local next_one = 0
init = function(args)
  requests = {
    ${requests}
  }
end
request = function()
  next_one = next_one % #requests + 1
  return requests[next_one]
end
done = function(summary, latency, requests_done)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
    '"mean":%.1f,"p50":%d,"p97_5":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(97.5), latency:percentile(99), latency.max))
end
`;
}

interface WrkFigures {
  requests: number;
  durationUs: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  mean: number;
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
}

async function wrk(opts: LoadOptions, connections: number, durationS: number): Promise<WrkFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-wrk-"));
  const script = path.join(dir, "load.lua");
  fs.writeFileSync(script, wrkScript(opts));
  try {
    const { stdout } = await run(
      "wrk",
      [
        "-t1",
        `-c${connections}`,
        `-d${Math.max(1, Math.round(durationS))}s`,
        "--timeout",
        "10s",
        "-s",
        script,
        opts.origin,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const line = stdout.split("\n").find((l) => l.startsWith("WRK_JSON "));
    if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
    return JSON.parse(line.slice("WRK_JSON ".length)) as WrkFigures;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runWrk(opts: LoadOptions): Promise<LoadResult> {
  if (opts.warmupS && opts.warmupS > 0) await wrk(opts, Math.min(opts.connections, 8), opts.warmupS);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const r = await wrk(opts, opts.connections, opts.durationS);
  loop.disable();
  const ms = (us: number) => Number((us / 1000).toFixed(2));
  const durationS = r.durationUs / 1e6;
  const errors = r.connect + r.read + r.write + r.timeout;
  return {
    requestsPerSec: r.requests / Math.max(durationS, 1e-9),
    latencyMs: { mean: ms(r.mean), p50: ms(r.p50), p97_5: ms(r.p97_5), p99: ms(r.p99), max: ms(r.max) },
    requests: r.requests,
    non2xx: r.status,
    errors,
    timeouts: r.timeout,
    statusCodes:
      r.status > 0 ? { "4xx/5xx": r.status, "2xx/3xx": r.requests - r.status } : { "2xx/3xx": r.requests },
    eventLoopDelayMs: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
    durationS,
    connections: opts.connections,
  };
}

/**
 * One request per distinct path before the load, so that a broken endpoint fails loudly with its
 * status and body instead of producing a table of fast 4xx/5xx figures.
 */
export async function checkPaths(
  origin: string,
  paths: readonly string[],
  headers: Record<string, string> = {},
  write?: { method: "PUT" | "POST"; bodies: readonly string[] },
) {
  const failures: string[] = [];
  const firsts = write ? paths.slice(0, 5) : [...new Set(paths)].slice(0, 5);
  for (const [i, path] of firsts.entries()) {
    const res = await fetch(`${origin}${path}`, {
      headers,
      ...(write ? { method: write.method, body: write.bodies[i] ?? "" } : {}),
    });
    const body = await res.text();
    if (res.status < 200 || res.status >= 300) failures.push(`${path} → ${res.status} ${body.slice(0, 200)}`);
  }
  return failures;
}

/**
 * Waits until `origin` answers `probePath` quickly several times in a row. A load test that
 * overwhelmed the server leaves requests queued behind it (autocannon gives up on them after 10 s,
 * the server still runs their queries); the next measurement must not pay for them. Returns the
 * seconds waited, or -1 when the server was still busy after `maxWaitS`.
 */
export async function waitUntilIdle(
  origin: string,
  opts: { probePath: string; maxWaitS: number; onWait?: (waitedS: number) => void },
): Promise<number> {
  const started = performance.now();
  const elapsedS = () => (performance.now() - started) / 1000;
  let fastInARow = 0;
  let lastReport = 0;
  while (elapsedS() < opts.maxWaitS) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${origin}${opts.probePath}`, {
        signal: AbortSignal.timeout(opts.maxWaitS * 1000),
      });
      await res.arrayBuffer();
    } catch {
      // A refused or aborted probe is "not idle yet".
    }
    if (performance.now() - t0 < 50) {
      fastInARow++;
      if (fastInARow >= 3) return elapsedS();
    } else {
      fastInARow = 0;
    }
    if (opts.onWait && elapsedS() - lastReport >= 15) {
      lastReport = elapsedS();
      opts.onWait(lastReport);
    }
    await sleep(100);
  }
  return -1;
}

export interface SequentialResult {
  requests: number;
  latencyMs: { p50: number; p95: number; max: number };
  non2xx: number;
}

/**
 * One request at a time, each path `rounds` times (after one unrecorded round): the latency of the
 * endpoint itself, without the queueing that 50 connections add (decision 005's search p50/p95).
 */
export async function runSequential(
  origin: string,
  paths: readonly string[],
  rounds: number,
  headers: Record<string, string> = {},
): Promise<SequentialResult> {
  const times: number[] = [];
  let non2xx = 0;
  for (let round = -1; round < rounds; round++) {
    for (const path of paths) {
      const t0 = performance.now();
      const res = await fetch(`${origin}${path}`, { headers });
      await res.arrayBuffer();
      if (round >= 0) times.push(performance.now() - t0);
      if (res.status < 200 || res.status >= 300) non2xx++;
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Number((times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0).toFixed(1));
  return { requests: times.length, latencyMs: { p50: at(0.5), p95: at(0.95), max: at(1) }, non2xx };
}
