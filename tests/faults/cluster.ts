import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../nginx.ts";

/** Debian's binaries of the newest PostgreSQL installed (15 on the CI machine), or PG_BIN. */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0] ?? "15";
  return path.join(root, newest, "bin");
}

/**
 * A PostgreSQL cluster of the fault tier's own (Debian's PostgreSQL binaries, a temporary data
 * folder, a free port), so that it can be stopped, frozen and filled without touching the server
 * other tests share. PostgreSQL refuses to run as root: as root (CI), it runs as the `postgres`
 * user through runuser; where that is impossible the tier says why and skips.
 */
const BIN = postgresBin();
const asRoot = process.getuid?.() === 0;

function postgresUid(): number | undefined {
  try {
    return Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  } catch {
    return undefined;
  }
}

/** Why a cluster cannot be started here, or undefined when it can. */
export function clusterUnavailable(): string | undefined {
  if (!fs.existsSync(path.join(BIN, "initdb"))) return `no PostgreSQL binaries in ${BIN}`;
  if (asRoot && postgresUid() === undefined)
    return "running as root without a postgres user to run PostgreSQL as";
  if (asRoot && !fs.existsSync("/usr/sbin/runuser") && !fs.existsSync("/sbin/runuser"))
    return "running as root without runuser";
  return undefined;
}

function run(command: string, args: string[]) {
  const [file, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(BIN, command), ...args]]
    : [path.join(BIN, command), args];
  return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
}

export interface Cluster {
  port: number;
  dataDir: string;
  /** Connection string of `database` (default postgres). */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  start(): void;
  /** pg_ctl stop -m fast: the server goes away, sockets refused. */
  stop(): void;
  /** Every process of the server stopped (SIGSTOP): sockets accepted, nothing answered. */
  freeze(): void;
  thaw(): void;
  destroy(): void;
}

/** initdb + pg_ctl start in `parent` (a temporary folder by default). */
export async function startCluster(opts: { parent?: string; walSegmentMb?: number } = {}): Promise<Cluster> {
  const parent = opts.parent ?? os.tmpdir();
  const dataDir = fs.mkdtempSync(path.join(parent, "bobine-faults-pg-"));
  if (asRoot) {
    const uid = postgresUid() as number;
    fs.chownSync(dataDir, uid, uid);
  }
  fs.chmodSync(dataDir, 0o700);
  const port = await freePort();
  run("initdb", [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
    "--no-instructions",
    ...(opts.walSegmentMb ? [`--wal-segsize=${opts.walSegmentMb}`] : []),
  ]);
  const logFile = path.join(dataDir, "server.log");
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c shared_buffers=16MB`;
  let frozen: number[] = [];
  const postmasterPid = () =>
    Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const cluster: Cluster = {
    port,
    dataDir,
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return cluster.url(name);
    },
    start() {
      run("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
    },
    stop() {
      cluster.thaw();
      run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "60", "stop"]);
    },
    freeze() {
      const main = postmasterPid();
      // The postmaster first, so that it forks no new backend meanwhile; then every child.
      process.kill(main, "SIGSTOP");
      const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(main)], { encoding: "utf8" })
        .split("\n")
        .map((s) => Number(s.trim()))
        .filter((pid) => pid > 0);
      for (const pid of children) process.kill(pid, "SIGSTOP");
      frozen = [...children, main];
    },
    thaw() {
      for (const pid of frozen) {
        try {
          process.kill(pid, "SIGCONT");
        } catch {
          // Gone meanwhile.
        }
      }
      frozen = [];
    },
    destroy() {
      cluster.thaw();
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "-t", "30", "stop"]);
      } catch {
        // Not running.
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    cluster.start();
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return cluster;
}
