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

/** GET `path` on `origin` with `headers`, the body as it came on the wire (never decompressed). */
function rawGet(origin: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, origin), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const kept: Record<string, string> = {};
        for (const name of ["content-type", "content-encoding", "etag", "cache-control", "vary"]) {
          const value = res.headers[name];
          if (typeof value === "string") kept[name] = value;
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
 * each of `paths`, the very bytes and content headers `origin` sent for it. A hello-world's answer is
 * 17 bytes; the home's is kilobytes even in Brotli, and the load's client (in this process) pays to
 * read every byte: this says how much of the gap to the hello-world is the bytes, and how much Bobine.
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
