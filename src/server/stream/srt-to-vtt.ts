import { SUBTITLE_MAX_BYTES } from "#contract/stream";

/**
 * SRT (or WebVTT) → WebVTT for `<track>` (issue #5 Subtitles). Reads UTF-8 (with or without BOM),
 * UTF-16 with a BOM, and falls back to Windows-1252 when the bytes are not valid UTF-8; CRLF and
 * CR line ends; `,` or `.` before the milliseconds, 1 to 3 digits of them, hours optional.
 * The output contains only timings and cue text in which `&`, `<` and `>` are escaped, except
 * the bare WebVTT styling tags <i> <b> <u> (no attributes): no markup reaches the page.
 */
export class SubtitleError extends Error {
  constructor(readonly reason: "binary" | "too-large" | "empty") {
    super(reason);
  }
}

export function decodeSubtitle(bytes: Uint8Array): string {
  if (bytes.length > SUBTITLE_MAX_BYTES) throw new SubtitleError("too-large");
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  if (body.includes(0)) throw new SubtitleError("binary");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return decodeWindows1252(body);
  }
}

/**
 * Windows-1252 by hand: some Node versions decode the "windows-1252" label as Latin-1, which
 * turns € œ ‘ ’ “ ” … (0x80–0x9F) into control characters.
 */
const CP1252_HIGH =
  "\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd" +
  "\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
  return out;
}

const TIMING =
  /^\s*((?:\d{1,3}:)?\d{1,2}:\d{1,2}[,.]\d{1,3})\s*-->\s*((?:\d{1,3}:)?\d{1,2}:\d{1,2}[,.]\d{1,3})(?:\s.*)?$/;

function timestamp(raw: string): string {
  const [clock = "", ms = "0"] = raw.split(/[,.]/);
  const parts = clock.split(":").map((p) => Number(p));
  while (parts.length < 3) parts.unshift(0);
  const [h = 0, m = 0, s = 0] = parts;
  const pad = (n: number, w: number) => String(n).padStart(w, "0");
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}.${ms.padEnd(3, "0").slice(0, 3)}`;
}

const ALLOWED_TAG = /^&lt;(\/?)([ibu])&gt;/;

/** Cue text as plain text for the WebVTT parser: escapes everything but bare <i>, <b>, <u>. */
export function escapeCueText(text: string): string {
  const escaped = text
    .replace(/\{\\[^}]*\}/g, "") // ASS override tags such as {\an8}
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
  let out = "";
  for (let i = 0; i < escaped.length; ) {
    const m = escaped.startsWith("&lt;", i) ? ALLOWED_TAG.exec(escaped.slice(i, i + 12)) : null;
    if (m) {
      out += `<${m[1]}${m[2]}>`;
      i += m[0].length;
    } else {
      out += escaped[i];
      i += 1;
    }
  }
  return out;
}

export function srtToVtt(source: string): string {
  const lines = source
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const cues: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const m = TIMING.exec(lines[i] ?? "");
    if (!m) {
      i += 1;
      continue;
    }
    const text: string[] = [];
    i += 1;
    while (i < lines.length && (lines[i] ?? "").trim() !== "" && !TIMING.exec(lines[i] ?? "")) {
      text.push(escapeCueText((lines[i] ?? "").replace(/\s+$/, "")));
      i += 1;
    }
    // A cue number just before the next timing line belongs to that next cue.
    if (
      i < lines.length &&
      TIMING.exec(lines[i] ?? "") &&
      text.length > 0 &&
      /^\d+$/.test(text.at(-1) ?? "")
    ) {
      text.pop();
    }
    if (text.length > 0)
      cues.push(`${timestamp(m[1] ?? "")} --> ${timestamp(m[2] ?? "")}\n${text.join("\n")}`);
  }
  return `WEBVTT\n\n${cues.join("\n\n")}${cues.length ? "\n" : ""}`;
}

/** Bytes of a subtitle file → WebVTT text; throws SubtitleError for binary or oversized input. */
export function subtitleToVtt(bytes: Uint8Array): string {
  return srtToVtt(decodeSubtitle(bytes));
}
