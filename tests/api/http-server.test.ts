import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { errorMessages, requestMessages } from "#contract/errors";
import { scaled } from "#tests/support/time-scale";
import { createTestApp, type TestApp } from "../harness.ts";
import { deferred, okResponse, probeRoute } from "../support/probe.ts";

/**
 * The HTTP server as a client on a socket sees it (SECURITY-CHECKLIST 5 and 33, ARCHITECTURE rule 13):
 * what Node's parser refuses, a body that never finishes, a server that stops. A real listening
 * server and raw TCP: app.inject never goes through these paths.
 */

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The responses read from a connection, in order, until it closes. */
function responsesOf(raw: string): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = raw;
  while (rest.startsWith("HTTP/1.1 ")) {
    const end = rest.indexOf("\r\n\r\n");
    const [statusLine = "", ...lines] = rest.slice(0, end).split("\r\n");
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
    );
    const length = Number(headers["content-length"] ?? 0);
    const bodyBytes = Buffer.from(rest.slice(end + 4));
    out.push({
      status: Number(statusLine.split(" ")[1]),
      headers,
      body: bodyBytes.subarray(0, length).toString(),
    });
    rest = bodyBytes.subarray(length).toString();
  }
  return out;
}

/** A raw connection: what it writes and everything the server sends until it closes. */
function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  const chunks: Buffer[] = [];
  socket.on("data", (c) => chunks.push(c));
  const closed = new Promise<RawResponse[]>((resolve) => {
    socket.on("close", () => resolve(responsesOf(Buffer.concat(chunks).toString())));
  });
  socket.on("error", () => {});
  return { socket, closed, write: (text: string) => socket.write(text) };
}

const portOf = (t: TestApp) => {
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return address.port;
};

describe("a listening server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      // The bound is short here so the test is quick; the default is 30 s.
      env: { REQUEST_TIMEOUT_SECONDS: "1" },
      beforeReady(app, database) {
        const body = z.object({ title: z.string() });
        probeRoute(
          app,
          database,
          { method: "POST", path: "/api/__probe", body, response: okResponse },
          async () => ({
            ok: true,
          }),
        );
      },
    });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  it(
    "cuts off a body that trickles in past REQUEST_TIMEOUT_SECONDS with a French 408",
    async () => {
      const c = connect(portOf(t));
      c.write(
        "POST /api/__probe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
      );
      const trickle = setInterval(() => c.socket.writable && c.write(" "), 100);
      try {
        const [res] = await c.closed;
        expect(res?.status).toBe(408);
        expect(JSON.parse(res?.body ?? "")).toEqual({
          code: "REQUEST_TIMEOUT",
          message: errorMessages.REQUEST_TIMEOUT,
          requestId: expect.any(String),
        });
      } finally {
        clearInterval(trickle);
      }
    },
    scaled(10_000),
  );

  it("answers headers too large with a French 431", async () => {
    const c = connect(portOf(t));
    c.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Grand: ${"a".repeat(20_000)}\r\n\r\n`);
    const [res] = await c.closed;
    expect(res?.status).toBe(431);
    expect(JSON.parse(res?.body ?? "")).toMatchObject({
      code: "HEADERS_TOO_LARGE",
      message: errorMessages.HEADERS_TOO_LARGE,
    });
  });

  it("answers a request HTTP cannot read with a French 400", async () => {
    const c = connect(portOf(t));
    c.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nEn tête sans deux-points\r\n\r\n");
    const [res] = await c.closed;
    expect(res?.status).toBe(400);
    expect(JSON.parse(res?.body ?? "")).toMatchObject({
      code: "VALIDATION_ERROR",
      message: requestMessages.malformedRequest,
      requestId: expect.any(String),
    });
  });
});

describe("a server that is closing", () => {
  it(
    "finishes the request in flight and answers a new one on the same connection with a French 503 and Retry-After",
    async () => {
      const handler = deferred();
      const release = deferred();
      const refused = deferred();
      const closing = deferred();
      const t = await createTestApp({
        beforeReady(app, database) {
          const response = z.object({ done: z.boolean() });
          probeRoute(app, database, { method: "GET", path: "/api/__slow", response }, async () => {
            handler.resolve();
            await release.promise;
            return { done: true };
          });
          app.addHook("preClose", async () => closing.resolve());
          app.addHook("onSend", async (_request, reply, payload) => {
            if (reply.statusCode === 503) refused.resolve();
            return payload;
          });
        },
      });
      try {
        await t.app.listen({ host: "127.0.0.1", port: 0 });
        const c = connect(portOf(t));
        c.write("GET /api/__slow HTTP/1.1\r\nHost: localhost\r\n\r\n");
        await handler.promise;
        const closed = t.app.close();
        await closing.promise;
        // The same kept-alive connection sends its next request while the server stops.
        c.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
        // The server answers it (queued behind the first answer) before the first one ends.
        await refused.promise;
        release.resolve();
        const [first, second] = await c.closed;
        await closed;

        expect(first?.status).toBe(200);
        expect(JSON.parse(first?.body ?? "")).toEqual({ done: true });
        expect(second?.status).toBe(503);
        expect(Number(second?.headers["retry-after"])).toBeGreaterThan(0);
        expect(JSON.parse(second?.body ?? "")).toEqual({
          code: "SERVICE_UNAVAILABLE",
          message: requestMessages.shuttingDown,
          requestId: expect.any(String),
        });
      } finally {
        release.resolve();
        await t.close();
      }
    },
    scaled(15_000),
  );
});
