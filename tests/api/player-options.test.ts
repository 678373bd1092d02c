import { describe, expect, it } from "vitest";
import { createTestApp } from "../harness.ts";

describe("GET /api/player/options", () => {
  it("announces the player guard on by default", async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/player/options" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ guard: true });
    } finally {
      await t.close();
    }
  });

  it("lets the operator switch the guard off with PLAYER_GUARD=off", async () => {
    const t = await createTestApp({ env: { PLAYER_GUARD: "off" } });
    try {
      expect((await t.app.inject({ method: "GET", url: "/api/player/options" })).json()).toEqual({
        guard: false,
      });
    } finally {
      await t.close();
    }
  });
});
