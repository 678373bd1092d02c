import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketResponse } from "#contract/stream";
import { makeVideo } from "../factories/catalogue.ts";
import { makeViewer, writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";

/**
 * STREAM_OFFLOAD=x-accel: Debian's nginx runs docs/deploy/nginx.conf (ports and paths replaced)
 * in front of Bobine; Bobine authorises, nginx sends the bytes.
 */
const NGINX = "/usr/sbin/nginx";
const hasNginx = fs.existsSync(NGINX);
if (!hasNginx) console.warn(`stream-nginx: ${NGINX} absent, test ignoré (apt-get install nginx-light)`);
const docConf = path.resolve(import.meta.dirname, "../../docs/deploy/nginx.conf");

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function waitForPort(port: number, child: ChildProcess, log: () => string) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx stopped: ${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => {
        s.destroy();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen: ${log()}`);
}

/** The documented server block, pointed at this test's Bobine, port and media folder. */
export function nginxConfig(opts: {
  prefix: string;
  listenPort: number;
  bobinePort: number;
  mediaDir: string;
}) {
  const server = fs
    .readFileSync(docConf, "utf8")
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${opts.bobinePort};`)
    .replace("listen 80;", `listen 127.0.0.1:${opts.listenPort};`)
    .replace("alias /var/lib/bobine/data/media/;", `alias ${opts.mediaDir}/;`);
  const p = opts.prefix;
  return `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${p}/nginx.pid;
error_log ${p}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${p}/client_body;
  proxy_temp_path ${p}/proxy;
  fastcgi_temp_path ${p}/fastcgi;
  uwsgi_temp_path ${p}/uwsgi;
  scgi_temp_path ${p}/scgi;
${server}
}
`;
}

/** Starts nginx with a config; returns its origin and a stop function. */
export async function startNginx(conf: (prefix: string, port: number) => string) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-nginx-"));
  const port = await freePort();
  fs.writeFileSync(path.join(prefix, "nginx.conf"), conf(prefix, port));
  let stderr = "";
  const child = spawn(
    NGINX,
    [
      "-p",
      prefix,
      "-c",
      path.join(prefix, "nginx.conf"),
      "-e",
      path.join(prefix, "error.log"),
      "-g",
      "daemon off;",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  child.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  await waitForPort(port, child, () => stderr + fs.readFileSync(path.join(prefix, "error.log"), "utf8"));
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!hasNginx)("nginx offload (STREAM_OFFLOAD=x-accel)", () => {
  let t: TestApp;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  const bytes = randomBytes(256 * 1024 + 7);
  let tk: TicketResponse;
  let videoId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { STREAM_OFFLOAD: "x-accel", TRUSTED_PROXIES: "127.0.0.1" } });
    // mkdtemp folders are private; nginx's workers read the media folder like any other user would.
    fs.chmodSync(t.config.dataDir, 0o755);
    const video = await makeVideo(t.database.db, {
      videoUrl: writeMedia(t.config, "videos", "film.mp4", bytes),
    });
    videoId = video.id;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const bobinePort = (t.app.server.address() as net.AddressInfo).port;
    nginx = await startNginx((prefix, listenPort) =>
      nginxConfig({ prefix, listenPort, bobinePort, mediaDir: t.config.mediaDir }),
    );
    const viewer = await makeViewer(t.database.db, t.config, { plan: "premium_monthly" });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/videos/${video.id}/ticket`,
      headers: { cookie: viewer.cookie },
      payload: { deviceId: "appareil-nginx" },
    });
    expect(res.statusCode, res.body).toBe(200);
    tk = res.json();
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  it("Bobine only authorises and names the file for nginx", async () => {
    const res = await t.app.inject({ method: "GET", url: tk.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-accel-redirect"]).toBe("/protected-media/videos/film.mp4");
    expect(res.rawPayload.length).toBe(0);
  });

  it("serves a byte range through nginx with the ticket", async () => {
    const res = await fetch(`${nginx.origin}${tk.url}`, { headers: { range: "bytes=100-1123" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 100-1123/${bytes.length}`);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("cache-control")).toBe("private");
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(100, 1124))).toBe(true);

    const open = await fetch(`${nginx.origin}${tk.url}`, { headers: { range: "bytes=0-" } });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(bytes)).toBe(true);
    const past = await fetch(`${nginx.origin}${tk.url}`, { headers: { range: "bytes=999999999-" } });
    expect(past.status).toBe(416);
    await past.arrayBuffer();
  });

  it("refuses without a ticket and never serves the internal location directly", async () => {
    const anonymous = await fetch(`${nginx.origin}/api/videos/proxy?videoId=${videoId}`);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toBe("Authentification requise");
    const direct = await fetch(`${nginx.origin}/protected-media/videos/film.mp4`);
    expect(direct.status).toBe(404);
    await direct.arrayBuffer();
  });
});
