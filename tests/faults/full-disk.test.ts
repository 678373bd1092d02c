import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "#contract/auth";
import { operatorMessages } from "#contract/operator";
import { errorCatalogue } from "#server/shared/errors";
import {
  ADMIN,
  adminEnv,
  type Bobine,
  call,
  dataDir,
  eventually,
  launchBobine,
  removeDataDirs,
  signIn,
  startBobine,
} from "./bobine.ts";
import { type Cluster, clusterUnavailable, startCluster } from "./cluster.ts";

/**
 * A full disk: PostgreSQL's data and Bobine's DATA_DIR on a small tmpfs that a file then fills.
 * A write that finds no space gets the French 503 (never a 500), ready says "not ready", a mail
 * that cannot be written is said to the member and leaves no empty .eml; once space is freed the
 * same process writes again. Needs root (mount); skipped with the reason elsewhere.
 */
function mountTmpfs(): { dir?: string; skip?: string } {
  const unavailable = clusterUnavailable();
  if (unavailable) return { skip: unavailable };
  if (process.getuid?.() !== 0) return { skip: "mounting a tmpfs needs root" };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-faults-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64m,mode=1777", "tmpfs", dir], { stdio: "pipe" });
    return { dir };
  } catch (err) {
    fs.rmdirSync(dir);
    return { skip: `mount -t tmpfs refused here (${String((err as Error).message).split("\n")[0]})` };
  }
}

const disk = mountTmpfs();
if (disk.skip) console.warn(`fault tier: full-disk test skipped: ${disk.skip}`);

describe.skipIf(disk.dir === undefined)("a full disk", () => {
  const mount = disk.dir as string;
  const filler = path.join(mount, "filler");
  let cluster: Cluster | undefined;
  let bobine: Bobine | undefined;
  let bobineDir: string;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    // 1 MiB WAL segments: the cluster fits the small disk.
    cluster = await startCluster({ parent: mount, walSegmentMb: 1 });
    const url = await cluster.createDatabase("full_disk");
    bobineDir = await dataDir({ parent: mount });
    bobine = await startBobine({
      DATABASE_URL: url,
      DATA_DIR: bobineDir,
      READY_MIN_FREE_DISK_MB: "4",
      ...adminEnv,
    });
    cookie = await signIn(bobine.origin, ADMIN.username, ADMIN.password);
    userId = ((await call(bobine.origin, "/api/auth/session", { cookie })).body.user as { id: string }).id;
  });
  afterAll(async () => {
    await bobine?.kill();
    cluster?.destroy();
    removeDataDirs();
    try {
      execFileSync("umount", [mount], { stdio: "pipe" });
      fs.rmdirSync(mount);
    } catch (err) {
      console.warn(`fault tier: could not unmount ${mount}: ${String(err)}`);
    }
  });

  const origin = () => (bobine as Bobine).origin;
  const write = (n: number) =>
    call(origin(), "/api/admin/notifications", {
      method: "POST",
      cookie,
      body: { title: `Disque ${n}`, message: "x".repeat(2000), userId },
    });

  /** Writes `filler` until the disk refuses, in big then small pieces. */
  function fillDisk() {
    const fd = fs.openSync(filler, "a");
    try {
      for (const size of [1024 * 1024, 4096]) {
        const chunk = Buffer.alloc(size, 1);
        for (;;) {
          try {
            fs.writeSync(fd, chunk);
          } catch {
            break;
          }
        }
      }
    } finally {
      fs.closeSync(fd);
    }
  }

  it("answers writes with the French 503, is not ready, says the mail cannot leave, refuses to start in French, and writes again once space is freed", async () => {
    expect((await write(0)).status).toBe(201);
    expect((await call(origin(), "/api/health/ready")).status).toBe(200);
    const embeddedDir = await dataDir({ parent: mount });

    fillDisk();
    // Rows first land in pages that still have room: write until one needs space the disk lacks.
    const statuses: number[] = [];
    let refused: Record<string, unknown> | undefined;
    for (let n = 1; n <= 300 && !refused; n++) {
      const res = await write(n);
      statuses.push(res.status);
      if (res.status !== 201) refused = res.body;
    }
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(refused).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: errorCatalogue.SERVICE_UNAVAILABLE.message,
    });

    const ready = await call(origin(), "/api/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: "not-ready", checks: { disk: false, outbox: false } });

    const forgot = await call(origin(), "/api/auth/password/forgot", {
      method: "POST",
      body: { email: ADMIN.email },
    });
    expect(forgot.status).toBe(503);
    expect(forgot.body).toMatchObject({ message: authMessages.mailUnavailable });
    const outbox = path.join(bobineDir, "outbox");
    const empty = fs.existsSync(outbox)
      ? fs.readdirSync(outbox).filter((n) => fs.statSync(path.join(outbox, n)).size === 0)
      : [];
    expect(empty).toEqual([]);

    // A process that starts on the full disk says so in French, with the setting, and stops.
    const starting = launchBobine({ DATA_DIR: embeddedDir });
    expect(await starting.exited).toBe(1);
    expect(starting.output()).toContain(operatorMessages.diskFull(embeddedDir));
    expect(starting.output()).not.toMatch(/\n\s+at /);

    fs.rmSync(filler);
    await eventually(
      async () => (await write(1000)).status === 201,
      60_000,
      "writes accepted once space is freed",
    );
    expect((await call(origin(), "/api/health/ready")).status).toBe(200);
  });
});
