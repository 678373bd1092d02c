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
