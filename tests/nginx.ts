import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Debian's nginx as a child process (temp prefix, non-root port, `daemon off`) running the
 * documented docs/deploy/nginx.conf: used by tests/api/stream-nginx.test.ts and the stream bench.
 */
export const NGINX = "/usr/sbin/nginx";
export const hasNginx = fs.existsSync(NGINX);
const docConf = path.resolve(import.meta.dirname, "../docs/deploy/nginx.conf");

export async function freePort(): Promise<number> {
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
  /** More locations for the server block (the bench adds a plain static one). */
  extraLocations?: string;
}) {
  const server = fs
    .readFileSync(docConf, "utf8")
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${opts.bobinePort};`)
    .replace("listen 80;", `listen 127.0.0.1:${opts.listenPort};`)
    .replace("alias /var/lib/bobine/data/media/;", `alias ${opts.mediaDir}/;`)
    .replace(/}\s*$/, `${opts.extraLocations ?? ""}\n}\n`);
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
