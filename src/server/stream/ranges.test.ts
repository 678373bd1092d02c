import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localMediaPath, resolveInMedia } from "./media-source.ts";
import { ifRangeMatches, noneMatch, parseRange } from "./ranges.ts";

describe("parseRange (RFC 9110 §14)", () => {
  const size = 1000;
  it.each([
    [undefined, { kind: "full" }],
    ["bytes=0-", { kind: "partial", start: 0, end: 999 }],
    ["bytes=0-0", { kind: "partial", start: 0, end: 0 }],
    ["bytes=-1", { kind: "partial", start: 999, end: 999 }],
    ["bytes=-5000", { kind: "partial", start: 0, end: 999 }],
    ["bytes=990-5000", { kind: "partial", start: 990, end: 999 }],
    ["BYTES = 1-2", { kind: "partial", start: 1, end: 2 }],
    ["bytes=1000-", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=5-1", { kind: "full" }],
    ["bytes=a-b", { kind: "full" }],
    ["bytes=-", { kind: "full" }],
    ["bytes=,", { kind: "full" }],
    ["lines=1-2", { kind: "full" }],
    ["bytes=0-9,10-19", { kind: "partial", start: 0, end: 19 }],
    ["bytes=0-9,5-7, 8-30", { kind: "partial", start: 0, end: 30 }],
    ["bytes=0-9,20-29", { kind: "full" }],
    ["bytes=2000-3000,0-4", { kind: "partial", start: 0, end: 4 }],
    ["bytes=99999999999999999999-", { kind: "full" }],
  ])("%s", (header, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it("answers a flood of ranges with the whole file instead of parsing them", () => {
    const many = `bytes=${Array.from({ length: 101 }, (_, i) => `${i}-${i}`).join(",")}`;
    expect(parseRange(many, size)).toEqual({ kind: "full" });
  });

  it("treats an empty file as unsatisfiable for any range", () => {
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });
});

describe("validators", () => {
  const etag = '"abc-1"';
  const date = "Mon, 02 Mar 2026 10:00:00 GMT";
  it("If-Range matches only the strong ETag or the exact date", () => {
    expect(ifRangeMatches(undefined, etag, date)).toBe(true);
    expect(ifRangeMatches(etag, etag, date)).toBe(true);
    expect(ifRangeMatches(date, etag, date)).toBe(true);
    expect(ifRangeMatches('"other"', etag, date)).toBe(false);
    expect(ifRangeMatches(`W/${etag}`, etag, date)).toBe(false);
    expect(ifRangeMatches("Tue, 03 Mar 2026 10:00:00 GMT", etag, date)).toBe(false);
  });
  it("If-None-Match compares weakly and knows *", () => {
    expect(noneMatch(`"x", W/${etag}`, etag)).toBe(true);
    expect(noneMatch("*", etag)).toBe(true);
    expect(noneMatch('"x"', etag)).toBe(false);
  });
});

describe("media sources", () => {
  it("accepts plain file names in their folder only", () => {
    expect(localMediaPath("local:videos/film-1.mp4", "videos")).toBe("videos/film-1.mp4");
    for (const bad of [
      "local:videos/../secret",
      "local:videos/a/b.mp4",
      "local:videos/.hidden",
      "local:videos/..",
      "local:subtitles/x.srt",
      "https://exemple.fr/x.mp4",
      "local:videos/x%2f..%2fy",
      null,
    ]) {
      expect(localMediaPath(bad, "videos"), String(bad)).toBeNull();
    }
    expect(resolveInMedia("/data/media", "videos/../../etc/passwd")).toBeNull();
    expect(resolveInMedia("/data/media", "videos/x.mp4")).toBe(path.resolve("/data/media/videos/x.mp4"));
  });
});

/** Index (moov) before the data (mdat): a browser can start playing without reading to the end. */
function topLevelBoxes(file: string): string[] {
  const buf = fs.readFileSync(file);
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= buf.length; ) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString("latin1", at + 4, at + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(at + 8));
    boxes.push(type);
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

describe("demo media", () => {
  const dir = path.resolve(import.meta.dirname, "../../../assets/demo/videos");
  it.each(fs.readdirSync(dir).filter((f) => f.endsWith(".mp4")))(
    "%s is faststart (moov before mdat)",
    (file) => {
      const boxes = topLevelBoxes(path.join(dir, file));
      expect(boxes).toContain("moov");
      expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));
    },
  );
});
