import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

export interface Started {
  proc: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts a project script with its own environment; `output()` is stdout + stderr so far. */
export function startScript(args: string[], env: Record<string, string>): Started {
  const proc = spawn(process.execPath, args, {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
  });
  let out = "";
  proc.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  proc.stderr.on("data", (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

/** Resolves when the output contains `text`; rejects if the process exits first. */
export function waitForOutput(s: Started, text: string, timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timeout waiting for "${text}":\n${s.output()}`)),
      timeoutMs,
    );
    const check = () => {
      if (s.output().includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    s.proc.stdout.on("data", check);
    s.proc.stderr.on("data", check);
    s.exited.then(() => {
      clearTimeout(timer);
      if (s.output().includes(text)) resolve();
      else reject(new Error(`exited before "${text}":\n${s.output()}`));
    });
    check();
  });
}
