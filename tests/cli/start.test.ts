import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scaled } from "#tests/support/time-scale";
import { testDbKind } from "../harness.ts";
import { startScript, waitForOutput } from "./run-script.ts";

// `npm start` on the embedded database: first start seeds, a second one on the same folder refuses,
// a restart reuses the data. (The web build is covered by the e2e tier; SERVE_WEB=false here.)
describe.skipIf(testDbKind !== "pglite")("npm start on the embedded database", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-start-"));
  const env = { DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", SERVE_WEB: "false" };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    "seeds the demo catalogue on first start, refuses a second process on the same DATA_DIR, and reuses the data on restart",
    async () => {
      const first = startScript(["scripts/start.mjs"], env);
      try {
        await waitForOutput(first, "est prêt");
        expect(first.output()).toContain("demo-admin");
        const port = Number(/localhost:(\d+)/.exec(first.output())?.[1]);
        const videos = await (await fetch(`http://127.0.0.1:${port}/api/videos?limit=1`)).json();
        expect(videos.total).toBeGreaterThanOrEqual(60);

        const second = startScript(["scripts/start.mjs"], env);
        expect(await second.exited).toBe(2);
        expect(second.output()).toContain("déjà utilisé");
      } finally {
        first.proc.kill("SIGTERM");
      }
      expect(await first.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, "bobine.lock"))).toBe(false);

      const again = startScript(["scripts/start.mjs"], env);
      try {
        await waitForOutput(again, "est prêt");
        expect(again.output()).not.toMatch(/catalogue de démonstration créé/i);
        const port = Number(/localhost:(\d+)/.exec(again.output())?.[1]);
        const videos = await (await fetch(`http://127.0.0.1:${port}/api/videos?limit=1`)).json();
        expect(videos.total).toBeGreaterThanOrEqual(60);
      } finally {
        again.proc.kill("SIGTERM");
        await again.exited;
      }
    },
    scaled(180_000),
  );

  it(
    "a second signal stops at once while the first waits for a request still in progress, and the lock is released",
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-stop-"));
      const server = startScript(["scripts/start.mjs"], {
        ...env,
        DATA_DIR: dir,
        SEED_DEMO: "false",
        LOG_LEVEL: "info",
        // The unfinished request must still be in progress when the second signal comes, however
        // long a loaded machine takes to get there (CI runs this tier niced beside the e2e tier: a
        // run took 30 s, and the default 30 s request timeout ended the request first).
        REQUEST_TIMEOUT_SECONDS: "3600",
      });
      let socket: net.Socket | undefined;
      try {
        await waitForOutput(server, "est prêt");
        const port = Number(/localhost:(\d+)/.exec(server.output())?.[1]);
        // A request whose body never finishes: a graceful stop waits for it.
        socket = net.connect(port, "127.0.0.1");
        // The server ends this connection when it stops: expected, not an error of the test.
        socket.on("error", () => {});
        await new Promise((resolve) => socket?.once("connect", resolve));
        socket.write(
          "POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{",
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        server.proc.kill("SIGTERM");
        await waitForOutput(server, "arrêt en cours");
        expect(server.proc.exitCode).toBeNull();
        server.proc.kill("SIGINT");
        expect(await server.exited).toBe(130);
        expect(fs.existsSync(path.join(dir, "bobine.lock"))).toBe(false);
      } finally {
        socket?.destroy();
        server.proc.kill("SIGKILL");
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    scaled(180_000),
  );

  it("exits with a clear French message on an invalid setting", async () => {
    const bad = startScript(["scripts/start.mjs"], { ...env, PORT: "soixante" });
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain("Configuration invalide");
    expect(bad.output()).toContain("PORT");
  });
});
