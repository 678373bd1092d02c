import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite lets two processes open one folder and silently lose committed rows, so the embedded
 * database holds an exclusive lock on DATA_DIR for as long as the process runs. The lock file is
 * created atomically (O_EXCL) and names its owner; a lock whose owner process is gone is taken over.
 */
export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly ownerPid: number;
  constructor(dataDir: string, ownerPid: number) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre processus Bobine (pid ${ownerPid}). ` +
        "Arrêtez-le d'abord, ou choisissez un autre DATA_DIR, ou utilisez DATABASE_URL pour partager une base PostgreSQL.",
    );
    this.dataDir = dataDir;
    this.ownerPid = ownerPid;
  }
}

export interface DataDirLock {
  release(): void;
}

const LOCK_NAME = "bobine.lock";
/** Folders this process holds: a lock naming our own pid that we do not hold is a previous run's. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_NAME);
  const owner = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, owner, { flag: "wx" });
      held.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(file);
        try {
          const current = JSON.parse(fs.readFileSync(file, "utf8")) as { pid?: number };
          if (current.pid === process.pid) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let pid = 0;
      let host = "";
      try {
        const current = JSON.parse(fs.readFileSync(file, "utf8")) as { pid?: number; host?: string };
        pid = current.pid ?? 0;
        host = current.host ?? "";
      } catch {
        // Unreadable lock (crash while writing it): treat as stale.
      }
      // A lock from another host name is a previous container's (PGlite on a shared network
      // folder is unsupported); our own pid is only alive in the lock if this process holds it
      // (a restarted container often gets the same pid, e.g. 1).
      const sameHost = host === "" || host === os.hostname();
      const ownPid = pid === process.pid;
      if (pid > 0 && sameHost && (ownPid ? held.has(file) : isAlive(pid))) {
        throw new DataDirLockedError(dataDir, pid);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Impossible de verrouiller ${dataDir}`);
}
