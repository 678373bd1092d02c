import { describe, expect, it } from "vitest";
import { trickplayTile } from "./trickplay.ts";

const info = {
  sheetUrl: "/api/stream/trickplay/00000000-0000-4000-8000-000000000000/1?token=a.b",
  intervalSeconds: 10,
  tileWidth: 320,
  tileHeight: 180,
  columns: 10,
  rows: 10,
  count: 250,
};

describe("trickplay tiles", () => {
  it("finds the thumbnail of a moment on its sheet, column and row", () => {
    expect(trickplayTile(info, 0)).toEqual({ url: info.sheetUrl, x: 0, y: 0 });
    expect(trickplayTile(info, 125)).toMatchObject({ x: 2 * 320, y: 1 * 180 });
    const second = trickplayTile(info, 1005);
    expect(second.url).toBe("/api/stream/trickplay/00000000-0000-4000-8000-000000000000/2?token=a.b");
    expect(second).toMatchObject({ x: 0, y: 0 });
  });

  it("never points past the last thumbnail", () => {
    expect(trickplayTile(info, 99_999).url).toContain("/3?");
    expect(trickplayTile(info, -5)).toMatchObject({ x: 0, y: 0 });
  });
});
