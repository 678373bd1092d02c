import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCategory, makeVideo } from "../factories/catalogue.ts";
import { createTestApp, type TestApp } from "../harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/videos", () => {
  it("lists videos newest first with their categories, main category first, and never the media URL", async () => {
    const drame = await makeCategory(t.database.db, { name: "Drame" });
    const polar = await makeCategory(t.database.db, { name: "Policier" });
    const older = await makeVideo(
      t.database.db,
      {
        title: "La Ligne d'horizon",
        createdAt: new Date("2026-01-01T10:00:00Z"),
        videoUrl: "local:videos/a.mp4",
      },
      [polar.id, drame.id],
    );
    const newer = await makeVideo(
      t.database.db,
      { title: "Cœur battant", createdAt: new Date("2026-02-01T10:00:00Z") },
      [drame.id],
    );

    const res = await t.app.inject({ method: "GET", url: "/api/videos?limit=10" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.map((v: { id: string }) => v.id)).toEqual([newer.id, older.id]);
    expect(body.items[1].category).toEqual(["Policier", "Drame"]);
    expect(body.items[1]).toMatchObject({ averageRating: 0, totalRatings: 0, views: 0, type: "movie" });
    expect(res.body).not.toContain("videoUrl");
    expect(res.body).not.toContain("local:videos");
  });

  it("filters by type and pages with limit and offset", async () => {
    await makeVideo(t.database.db, { title: "Série du test", type: "series" });
    const series = await t.app.inject({ method: "GET", url: "/api/videos?type=series" });
    expect(series.json().items.every((v: { type: string }) => v.type === "series")).toBe(true);
    const page = await t.app.inject({ method: "GET", url: "/api/videos?limit=1&offset=1" });
    expect(page.json()).toMatchObject({ limit: 1, offset: 1 });
    expect(page.json().items).toHaveLength(1);
  });

  it("compresses JSON responses for clients that accept it", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/videos?limit=100",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("refuses an out-of-range limit with a French validation error naming the field", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/videos?limit=5000" });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.fields.limit).toMatch(/trop grand|≤|100/);
    expect(body.requestId).toBe(res.headers["x-request-id"]);
  });
});

describe("GET /api/categories", () => {
  it("lists categories by name with their video counts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/categories" });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { name: string; videoCount: number; color: string }[];
    const drame = items.find((c) => c.name === "Drame");
    expect(drame?.videoCount).toBe(2);
    expect(drame?.color).toBe("#e74c3c");
    expect(items.map((c) => c.name)).toEqual([...items.map((c) => c.name)].sort());
  });
});
