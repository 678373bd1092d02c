import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { accessLevels, endpoint } from "#contract/endpoint";
import { createTestApp, type TestApp } from "../harness.ts";
import { endpoints, unreadModules } from "../support/contract.ts";

/**
 * The contract is the API (docs/decisions/009-boundaries.md): every route the server answers under
 * /api is an endpoint declared in src/contract, so access, validation, the OpenAPI document and the
 * web's URLs all come from one declaration, and the generated tiers cover each route the day it is
 * declared.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // Unset when the app refused to start (a stray route): that error is the one to read.
  await t?.close();
});

/** A path with every parameter written `:*` (Fastify merges the names of one position). */
const normalise = (path: string) =>
  path.replace(/:[A-Za-z_][A-Za-z0-9_]*(\|:[A-Za-z_][A-Za-z0-9_]*)*/g, ":*");

/**
 * The routes Fastify has registered, one `METHOD path` each, read from its own listing (a tree:
 * each line is a segment below its parent, four characters of indentation per level).
 */
function registeredRoutes(): string[] {
  const parents: string[] = [];
  return t.app
    .printRoutes({ commonPrefix: false })
    .split("\n")
    .flatMap((line) => {
      const branch = /(├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!branch) return [];
      const depth = (branch.index ?? 0) / 4;
      const path = (depth > 0 ? (parents[depth - 1] ?? "") : "") + (branch[2] ?? "");
      parents[depth] = path;
      parents.length = depth + 1;
      return (branch[3] ?? "")
        .split(",")
        .filter((m) => m.trim())
        .map((m) => `${m.trim()} ${normalise(path)}`);
    });
}

/** The API document's own pages (Swagger UI and its JSON) are the one non-contract part of /api. */
const isDocument = (path: string) => path === "/api/docs" || path.startsWith("/api/docs/");

describe("the contract and the routes", () => {
  it("reads every module of src/contract that declares endpoints", () => {
    expect(unreadModules()).toEqual([]);
    expect(endpoints.length).toBeGreaterThan(40);
  });

  it("declares each endpoint once, with an access level", () => {
    const keys = endpoints.map(({ e }) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { name, e } of endpoints) expect(accessLevels, name).toContain(e.access);
  });

  it("answers under /api only the endpoints of the contract, and every one of them", () => {
    const declared = new Set(
      endpoints.flatMap(({ e }) =>
        // A media endpoint answers HEAD itself; Fastify answers HEAD for every other GET; a tus
        // upload's resource answers HEAD beside PATCH (docs/decisions/026-tus-in-the-contract.md).
        e.method === "GET" || (e.produces === "tus" && e.method === "PATCH")
          ? [`${e.method} ${normalise(e.path)}`, `HEAD ${normalise(e.path)}`]
          : [`${e.method} ${normalise(e.path)}`],
      ),
    );
    const routes = registeredRoutes().filter((r) => {
      const path = r.split(" ")[1] ?? "";
      return path.startsWith("/api/") && !isDocument(path);
    });
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(declared, `${route} is not a contract endpoint`).toContain(route);
    for (const { name, e } of endpoints) {
      expect(routes, `${name} is not registered`).toContain(`${e.method} ${normalise(e.path)}`);
    }
  });

  it("lists every endpoint in the OpenAPI document, the non-JSON ones with their content type", () => {
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
      >;
    };
    for (const { name, e } of endpoints) {
      const path = e.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");
      const operation = doc.paths[path]?.[e.method.toLowerCase()];
      expect(operation, `${name} missing from /api/docs`).toBeDefined();
      const types = Object.values(operation?.responses ?? {}).flatMap((r) => Object.keys(r.content ?? {}));
      if (e.produces === "text/vtt") expect(types, name).toContain("text/vtt; charset=utf-8");
      if (e.produces === "text/event-stream")
        expect(types, name).toContain("text/event-stream; charset=utf-8");
      if (e.produces === "media") expect(types, name).toContain("video/mp4");
    }
  });

  it("refuses to start with a route under /api that is not a contract endpoint", async () => {
    const stray = await createTestApp({
      beforeReady(app) {
        app.get("/api/hors-contrat", async () => ({ ok: true }));
      },
    }).then(
      async (other) => {
        await other.close();
        return null;
      },
      (err: unknown) => err,
    );
    expect(String(stray)).toContain("/api/hors-contrat is not a contract endpoint");
  });

  it("lets a declared endpoint in, whoever registers it", async () => {
    const probe = endpoint({
      method: "GET",
      path: "/api/__declared",
      summary: "probe",
      tags: ["test"],
      access: "public",
      response: z.object({ ok: z.boolean() }),
    });
    const { route } = await import("#server/shared/route");
    const other = await createTestApp({
      beforeReady(app, database) {
        route(app, database, probe, async () => ({ ok: true }));
      },
    });
    try {
      expect((await other.app.inject({ method: "GET", url: "/api/__declared" })).json()).toEqual({
        ok: true,
      });
    } finally {
      await other.close();
    }
  });
});
