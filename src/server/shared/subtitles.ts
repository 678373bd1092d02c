import { SUBTITLE_MAX_BYTES } from "#contract/stream";

/**
 * Subtitle files (spec §3 Subtitle, §7 subtitles): read, cut into timed cues, written as WebVTT.
 * In the kernel because two domains read them: the stream serves a track as WebVTT for `<track>`
 * (docs/decisions/006-stream.md), the administration checks and stores an uploaded file (decision 015).
 * Reads UTF-8 (with or without BOM),
 * UTF-16 with a BOM, and falls back to Windows-1252 when the bytes are not valid UTF-8; CRLF and
 * CR line ends; `,` or `.` before the milliseconds, 1 to 3 digits of them, hours optional.
 * The output contains only timings and cue text in which `&`, `<` and `>` are escaped exactly once,
 * except the bare WebVTT styling tags <i> <b> <u> (no attributes): no markup reaches the page, and a
 * character reference already in the source (`&amp;`, `&#233;`) stays one (escapeCueText).
 */
export class SubtitleError extends Error {
  readonly reason: "binary" | "too-large" | "empty";
  constructor(reason: "binary" | "too-large" | "empty") {
    super(reason);
    this.reason = reason;
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

/** The bare WebVTT styling tags that survive: <i> <b> <u> and their ends, without attributes. */
const ALLOWED_TAG = /^<(\/?)([ibu])>/;
/**
 * Character references already in the source: the named ones every WebVTT parser reads (kept as
 * they are), quotes (as the character), and numeric ones (as the character, escaped again if it is
 * `&`, `<` or `>`). Any other `&` is text.
 */
const REFERENCE = /^&(?:(amp|lt|gt|nbsp|lrm|rlm|quot|apos)|#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6}));/;
const KEPT_AS_TEXT: Record<string, string> = { quot: '"', apos: "'" };

const escapeChar = (c: string) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c);

/** The character of a numeric reference; null (the reference is then text) for NUL, a surrogate, a C0/C1 control or out of range. */
function fromCodePoint(code: number): string | null {
  const control = (code < 0x20 && code !== 0x09) || (code >= 0x7f && code < 0xa0);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || control) return null;
  return String.fromCodePoint(code);
}

/**
 * Cue text as plain text for the WebVTT parser, escaped exactly once: `&`, `<` and `>` become
 * references except in bare <i>, <b>, <u>, and a reference already in the source stays one
 * reference (`&amp;` is shown as `&`, never as `&amp;`).
 */
export function escapeCueText(text: string): string {
  const source = text.replace(/\{\\[^}]*\}/g, ""); // ASS override tags such as {\an8}
  let out = "";
  for (let i = 0; i < source.length; ) {
    const c = source[i] as string;
    const rest = c === "<" || c === "&" ? source.slice(i, i + 12) : "";
    const tag = c === "<" ? ALLOWED_TAG.exec(rest) : null;
    if (tag) {
      out += tag[0];
      i += tag[0].length;
      continue;
    }
    const ref = c === "&" ? REFERENCE.exec(rest) : null;
    if (ref) {
      const [whole, named, decimal, hex] = ref;
      const char = named
        ? null
        : fromCodePoint(Number.parseInt((decimal ?? hex) as string, decimal ? 10 : 16));
      if (named) out += KEPT_AS_TEXT[named] ?? whole;
      else out += char === null ? `&amp;${whole.slice(1)}` : escapeChar(char);
      i += whole.length;
      continue;
    }
    out += escapeChar(c);
    i += 1;
  }
  return out;
}

const TIMING =
  /^\s*((?:\d{1,3}:)?\d{1,2}:\d{1,2}[,.]\d{1,3})\s*-->\s*((?:\d{1,3}:)?\d{1,2}:\d{1,2}[,.]\d{1,3})(?:\s.*)?$/;

/** `[hh:]mm:ss,mmm` (1 to 3 digits of milliseconds, `,` or `.`) in milliseconds. */
function milliseconds(raw: string): number {
  const [clock = "", ms = "0"] = raw.split(/[,.]/);
  const parts = clock.split(":").map((p) => Number(p));
  while (parts.length < 3) parts.unshift(0);
  const [h = 0, m = 0, s = 0] = parts;
  return ((h * 60 + m) * 60 + s) * 1000 + Number(ms.padEnd(3, "0").slice(0, 3));
}

function timestamp(ms: number): string {
  const pad = (n: number, w: number) => String(n).padStart(w, "0");
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}.${pad(ms % 1000, 3)}`;
}

/**
 * One timed line of dialogue. `text` is the cue as written in the file (its lines joined by a
 * newline, trailing spaces removed): WebVTT escaping happens when it is written (cuesToVtt), and
 * `plainCueText` gives the words alone (a dialogue search index).
 */
export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

/** The cues of an SRT or WebVTT text, in file order; cue numbers, headers and notes are left out. */
export function parseCues(source: string): Cue[] {
  const lines = source
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const cues: Cue[] = [];
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
      text.push((lines[i] ?? "").replace(/\s+$/, ""));
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
      cues.push({
        startMs: milliseconds(m[1] ?? ""),
        endMs: milliseconds(m[2] ?? ""),
        text: text.join("\n"),
      });
  }
  return cues;
}

/** WebVTT of cues, each line of text escaped once (escapeCueText). */
export function cuesToVtt(cues: readonly Cue[]): string {
  const body = cues.map(
    (c) =>
      `${timestamp(c.startMs)} --> ${timestamp(c.endMs)}\n${c.text
        .split("\n")
        .map(escapeCueText)
        .join("\n")}`,
  );
  return `WEBVTT\n\n${body.join("\n\n")}${body.length ? "\n" : ""}`;
}

/** The words of a cue without styling tags, ASS overrides or character references (for search). */
export function plainCueText(text: string): string {
  return text
    .replace(/\{\\[^}]*\}/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(
      /&(amp|lt|gt|nbsp|quot|apos);/g,
      (_, n: string) => ({ amp: "&", lt: "<", gt: ">", nbsp: " ", quot: '"', apos: "'" })[n] ?? "",
    )
    .replace(/\s+/g, " ")
    .trim();
}

/** SRT (or WebVTT) text → WebVTT. */
export function srtToVtt(source: string): string {
  return cuesToVtt(parseCues(source));
}

/** Bytes of a subtitle file → WebVTT text; throws SubtitleError for binary or oversized input. */
export function subtitleToVtt(bytes: Uint8Array): string {
  return srtToVtt(decodeSubtitle(bytes));
}
