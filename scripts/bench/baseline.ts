import http from "node:http";
import Fastify from "fastify";

/**
 * The reference every figure is divided by: a bare Fastify (no plugins, no database) answering
 * {hello: "world"}, in the same process and measured the same way as the real application.
 * An endpoint at ×0.10 does a tenth of the requests this machine can serve at all.
 */
export async function startHelloWorld(): Promise<{ origin: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get("/", async () => ({ hello: "world" }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { origin: originOf(app.server.address()), close: () => app.close() };
}

export function originOf(address: ReturnType<import("node:net").Server["address"]>): string {
  if (address === null || typeof address === "string") throw new Error(`unexpected address ${address}`);
  return `http://127.0.0.1:${address.port}`;
}

/** One answer as it left the server: its status, the headers a client reads, its bytes as sent. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Headers of an answer the bare Fastify does not repeat: its own (the date, the connection's, the
 * length of what it sends). Everything else Bobine sent is sent again: the content's headers and the
 * security headers every answer carries (src/server/security.ts), which the client reads and pays for.
 */
const NOT_REPEATED = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/** GET `path` on `origin` with `headers`, the body as it came on the wire (never decompressed). */
function rawGet(origin: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, origin), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (typeof value === "string" && !NOT_REPEATED.has(name)) kept[name] = value;
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * The ceiling of a cached answer on this machine: a bare Fastify (like the hello-world) sending, for
 * each of `paths`, the very answer `origin` sent for it: its bytes and its headers (all but the
 * server's own: NOT_REPEATED). A hello-world's answer is 17 bytes under five headers; the home's is
 * kilobytes even in Brotli, every answer of Bobine carries its security headers (about 400 bytes),
 * and the load's client (in this process) pays to read every byte: this says how much of the gap to
 * the hello-world is the answer, and how much Bobine's work.
 */
export async function startSameBytes(
  origin: string,
  paths: readonly string[],
  headers: Record<string, string>,
): Promise<{ origin: string; bytes: number; close(): Promise<void> }> {
  const answers = new Map<string, RawAnswer>();
  for (const path of new Set(paths)) answers.set(path, await rawGet(origin, path, headers));
  const app = Fastify({ logger: false });
  app.get("/*", (request, reply) => {
    const answer = answers.get(request.url);
    if (!answer) return reply.code(404).send();
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const sizes = [...answers.values()].map((a) => a.body.length);
  return {
    origin: originOf(app.server.address()),
    bytes: Math.round(sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length)),
    close: () => app.close(),
  };
}
