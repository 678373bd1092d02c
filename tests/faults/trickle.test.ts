import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Bobine, dataDir, removeDataDirs, startBobine } from "./bobine.ts";

/**
 * A client that trickles its body (a byte now and then, never the whole) must not keep its
 * connection for ever: the server cuts it with 408.
 */
describe("a trickled request body", () => {
  let bobine: Bobine | undefined;
  beforeAll(async () => {
    bobine = await startBobine({
      DATA_DIR: await dataDir({ pglite: true }),
      REQUEST_TIMEOUT_SECONDS: "2",
    });
  });
  afterAll(async () => {
    await bobine?.kill();
    removeDataDirs();
  });

  it("is cut with 408", async () => {
    const { port } = new URL((bobine as Bobine).origin);
    const socket = net.connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.on("data", (d: Buffer) => {
      answer += d.toString();
    });
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("error", () => {});
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n",
    );
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write(" ");
    }, 1000);
    try {
      await closed;
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 170_000);
});
