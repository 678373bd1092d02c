import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "#db/client";
import { type Started, startScript, waitForOutput } from "../cli/run-script.ts";
import { templatePath } from "../pglite-template.ts";

/** A Bobine process as `npm start` runs it (scripts/start.mjs), API only, on a free port. */
export interface Bobine {
  origin: string;
  started: Started;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
  /** SIGKILL and wait: the crash. */
  kill(): Promise<void>;
}

export const ADMIN = { email: "regie@orange.fr", username: "regie", password: "Salle-obscure-2026" };
export const adminEnv = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
};

/** Starts a process without waiting (readyBobine waits). */
export function launchBobine(env: Record<string, string>): Started {
  return startScript(["scripts/start.mjs"], {
    HOST: "127.0.0.1",
    PORT: "0",
    SERVE_WEB: "false",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    ...env,
  });
}

/** Starts a process; resolves once it says it is ready (rejects with its output if it stops first). */
export const startBobine = (env: Record<string, string>) => readyBobine(launchBobine(env));

/** Resolves once a launched process says it is ready; kills it if it does not. */
export async function readyBobine(started: Started): Promise<Bobine> {
  const bobine = handle(started);
  try {
    await waitForOutput(started, "est prêt", 150_000);
  } catch (err) {
    await bobine.kill();
    throw err;
  }
  const port = Number(/localhost:(\d+)/.exec(started.output())?.[1]);
  bobine.origin = `http://127.0.0.1:${port}`;
  return bobine;
}

/** Stop and kill for a process started by startScript. */
export function handle(started: Started): Bobine {
  const end = async (signal: NodeJS.Signals) => {
    if (started.proc.exitCode === null && started.proc.signalCode === null) started.proc.kill(signal);
    await started.exited;
  };
  return { origin: "", started, stop: () => end("SIGTERM"), kill: () => end("SIGKILL") };
}

const made: string[] = [];

/** Removes every DATA_DIR this file made (afterAll). */
export function removeDataDirs() {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** A fresh DATA_DIR (removed by removeDataDirs); for PGlite, already holding the migrated template (initdb under WASM is slow). */
export async function dataDir(opts: { pglite?: boolean; parent?: string } = {}): Promise<string> {
  const dir = fs.mkdtempSync(path.join(opts.parent ?? os.tmpdir(), "bobine-faults-"));
  made.push(dir);
  if (opts.pglite && fs.existsSync(templatePath())) {
    const database = await openDatabase({
      dataDir: dir,
      loadDataDir: new Blob([fs.readFileSync(templatePath())]),
    });
    await database.close();
  }
  return dir;
}

/** Signs in through the API; returns the Cookie header to send. */
export async function signIn(origin: string, identifier: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifier, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** GET or POST JSON with a bound: a request that does not answer in `ms` is a failure. */
export async function call(
  origin: string,
  url: string,
  opts: { method?: string; cookie?: string; body?: unknown; ms?: number } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${origin}${url}`, {
    method: opts.method ?? "GET",
    headers: {
      ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    signal: AbortSignal.timeout(opts.ms ?? 20_000),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: res.status, body };
}

/** Polls `probe` until it returns true (or throws after `ms`). */
export async function eventually(probe: () => Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {
      // Not yet.
    }
    if (Date.now() > until) throw new Error(`never happened within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
