import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isAppRoute, isFileAddress, isFileRequest } from "./app-routes.ts";

/** Every `path:` of the web's router, with its parameters filled in. */
function routerPaths(): string[] {
  const source = fs.readFileSync(path.join(import.meta.dirname, "../../web/app/router.tsx"), "utf8");
  return [...source.matchAll(/path: "([^"]+)"/g)].map(
    ([, p]) => `/${(p ?? "").replace(/:[A-Za-z]+/g, "abc")}`,
  );
}

describe("the addresses the web app answers", () => {
  it("knows every route of the web's router, and only the catch-all and /404 are not found", () => {
    const paths = routerPaths();
    expect(paths.length).toBeGreaterThan(25);
    const unknown = paths.filter((p) => !isAppRoute(p));
    expect(unknown.sort()).toEqual(["/*", "/404"]);
    expect(isAppRoute("/")).toBe(true);
  });

  it("takes a trailing slash as the app does, and refuses deeper or unknown addresses", () => {
    expect(isAppRoute("/series/")).toBe(true);
    expect(isAppRoute("/Browse")).toBe(true);
    expect(isAppRoute("/LOGIN")).toBe(true);
    expect(isAppRoute("/video/0f6c2d2e-0000-4000-8000-000000000000")).toBe(true);
    expect(isAppRoute("/nimporte")).toBe(false);
    expect(isAppRoute("/video")).toBe(false);
    expect(isAppRoute("/video/a/b")).toBe(false);
    expect(isAppRoute("/seriesx")).toBe(false);
  });

  it("tells a file's address from a page's", () => {
    expect(isFileAddress("/assets/index-abc.js")).toBe(true);
    expect(isFileAddress("/assets/")).toBe(true);
    expect(isFileAddress("/robots.txt")).toBe(true);
    expect(isFileAddress("/favicon-nope.png")).toBe(true);
    expect(isFileAddress("/browse")).toBe(false);
    expect(isFileAddress("/video/0f6c2d2e-0000-4000-8000-000000000000")).toBe(false);
    expect(isFileAddress("/")).toBe(false);
  });

  it("calls a stored image or a file a file request, never an API route", () => {
    expect(isFileRequest("/media/images/a.webp?v=2")).toBe(true);
    expect(isFileRequest("/robots.txt")).toBe(true);
    expect(isFileRequest("/api/receipts/r.pdf")).toBe(false);
    expect(isFileRequest("/browse?q=a.b")).toBe(false);
  });
});
