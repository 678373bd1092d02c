/**
 * Byte ranges per RFC 9110 §14 for one representation of `size` bytes. Pure: the route decides
 * what to send from the answer.
 *  - no Range, another unit, or invalid syntax → the whole file (§14.2: a server MAY ignore it);
 *  - satisfiable ranges are clipped to the file, sorted and coalesced (overlapping or adjacent);
 *    one range left → 206, several → the whole file with 200 (allowed by §14.2, and it keeps a
 *    flood of ranges from costing more than one full read);
 *  - none satisfiable → 416 with `Content-Range: bytes *\/size`.
 */
export type RangeAnswer =
  | { kind: "full" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

/** Longer Range headers are ignored (answered with the whole file) rather than parsed. */
const MAX_HEADER_LENGTH = 4096;
/** More range specs than this are not worth coalescing: the whole file answers. */
const MAX_RANGES = 100;

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined || header.length > MAX_HEADER_LENGTH) return { kind: "full" };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: "full" };
  const specs = (match[1] ?? "").split(",");
  if (specs.length > MAX_RANGES) return { kind: "full" };
  const ranges: Array<[number, number]> = [];
  let sawSpec = false;
  for (const raw of specs) {
    const spec = raw.trim();
    if (spec === "") continue; // §5.6.1: empty list elements are allowed
    const m = /^(\d*)-(\d*)$/.exec(spec);
    if (!m) return { kind: "full" };
    const [, first = "", last = ""] = m;
    if (first === "" && last === "") return { kind: "full" };
    if (first.length > 15 || last.length > 15) return { kind: "full" };
    sawSpec = true;
    if (first === "") {
      // suffix-range: the last N bytes
      const n = Number(last);
      if (n === 0 || size === 0) continue;
      ranges.push([Math.max(0, size - n), size - 1]);
      continue;
    }
    const start = Number(first);
    const end = last === "" ? size - 1 : Number(last);
    if (last !== "" && end < start) return { kind: "full" };
    if (start >= size) continue;
    ranges.push([start, Math.min(end, size - 1)]);
  }
  if (!sawSpec) return { kind: "full" };
  if (ranges.length === 0) return { kind: "unsatisfiable" };
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  if (merged.length > 1) return { kind: "full" };
  const [only] = merged as [[number, number]];
  return { kind: "partial", start: only[0], end: only[1] };
}

/**
 * If-Range (§13.1.5): the range applies only when the validator still matches — a strong ETag
 * compared strongly, or the exact Last-Modified date. Anything else (stale or weak) → whole file.
 */
export function ifRangeMatches(ifRange: string | undefined, etag: string, lastModified: string): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"')) return value === etag;
  if (value.startsWith("W/")) return false;
  return value === lastModified;
}

/** If-None-Match (§13.1.2), weak comparison, for GET/HEAD. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === bare);
}
