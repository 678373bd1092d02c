import { describe, expect, it } from "vitest";
import { SUBTITLE_MAX_BYTES } from "#contract/stream";
import { decodeSubtitle, escapeCueText, SubtitleError, srtToVtt, subtitleToVtt } from "./subtitles.ts";

const bytes = (s: string, encoding: BufferEncoding = "utf8") => new Uint8Array(Buffer.from(s, encoding));

describe("SRT to WebVTT", () => {
  it("converts timings, drops cue numbers and keeps multi-line cues", () => {
    const srt = "1\n00:00:01,000 --> 00:00:02,500\nBonjour\nà tous\n\n2\n00:01:02,03 --> 00:01:04,5\nSuite\n";
    expect(srtToVtt(srt)).toBe(
      "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nBonjour\nà tous\n\n00:01:02.030 --> 00:01:04.500\nSuite\n",
    );
  });

  it("reads CRLF, lone CR, a UTF-8 BOM and timings without hours", () => {
    const srt = "\uFEFF1\r\n01:02,000 --> 01:03,000\r\nUn\r\n\r\n2\r03:04.5 --> 03:05.25\rDeux\r";
    expect(srtToVtt(srt)).toBe(
      "WEBVTT\n\n00:01:02.000 --> 00:01:03.000\nUn\n\n00:03:04.500 --> 00:03:05.250\nDeux\n",
    );
  });

  it("escapes markup so no HTML reaches the page, keeping only bare <i> <b> <u>", () => {
    const cue = `<img src=x onerror=alert(1)><script>alert("x")</script> & <b>gras</b> <i class="x">i</i> <u>s</u> <font color="red">rouge</font>`;
    expect(escapeCueText(cue)).toBe(
      `&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert("x")&lt;/script&gt; &amp; <b>gras</b> &lt;i class="x"&gt;i</i> <u>s</u> &lt;font color="red"&gt;rouge&lt;/font&gt;`,
    );
  });

  it("escapes text exactly once: a bare & becomes one reference, a reference in the source stays one", () => {
    expect(escapeCueText("Tom & Jerry")).toBe("Tom &amp; Jerry");
    expect(escapeCueText("Tom &amp; Jerry &lt;3 &nbsp;!")).toBe("Tom &amp; Jerry &lt;3 &nbsp;!");
    expect(escapeCueText("&quot;Caf&#233;&quot; &#38; &#x3C;b&#x3e; &amp;amp;")).toBe(
      '"Café" &amp; &lt;b&gt; &amp;amp;',
    );
    // Not references: an unknown name, no semicolon, NUL or a surrogate.
    expect(escapeCueText("&eacute &copy; AT&T &#0; &#xD800;")).toBe(
      "&amp;eacute &amp;copy; AT&amp;T &amp;#0; &amp;#xD800;",
    );
    const srt = "1\n00:00:01,000 --> 00:00:02,000\nR&amp;B & <i>soul</i>\n";
    expect(srtToVtt(srt)).toBe("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nR&amp;B &amp; <i>soul</i>\n");
  });

  it("neutralises an arrow or a WEBVTT header inside a cue, and ASS tags", () => {
    const srt = "1\n00:00:01,000 --> 00:00:02,000\n{\\an8}a --> b\nWEBVTT\n";
    expect(srtToVtt(srt)).toBe("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\na --&gt; b\nWEBVTT\n");
  });

  it("skips garbage, NOTE and STYLE blocks and cues without text; keeps WebVTT input as WebVTT", () => {
    const vtt =
      "WEBVTT\n\nNOTE a note\n\nSTYLE\n::cue { color: red }\n\n00:00:01.000 --> 00:00:02.000 align:start\nTexte\n\n00:00:03.000 --> 00:00:04.000\n\nn'importe quoi\n";
    expect(srtToVtt(vtt)).toBe("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nTexte\n");
    expect(srtToVtt("pas des sous-titres du tout")).toBe("WEBVTT\n\n");
  });

  it("keeps a cue line made of digits that is text, not the next cue's number", () => {
    const srt = "1\n00:00:01,000 --> 00:00:02,000\n1984\n\n2\n00:00:03,000 --> 00:00:04,000\nFin\n";
    expect(srtToVtt(srt)).toContain("00:00:01.000 --> 00:00:02.000\n1984\n");
  });

  it("reads Windows-1252 when the bytes are not UTF-8, and UTF-16 with a BOM", () => {
    expect(decodeSubtitle(bytes("Cin\xe9ma \x80 \x9c\xab", "latin1"))).toBe("Cinéma € œ«");
    expect(decodeSubtitle(bytes("Cinéma"))).toBe("Cinéma");
    expect(decodeSubtitle(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes("été")]))).toBe("été");
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Noël", "utf16le")]);
    expect(decodeSubtitle(new Uint8Array(le))).toBe("Noël");
    const be = Buffer.from("Noël", "utf16le").swap16();
    expect(decodeSubtitle(new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), be])))).toBe("Noël");
  });

  it("refuses binary and oversized input", () => {
    expect(() => subtitleToVtt(new Uint8Array([0x31, 0x00, 0x32]))).toThrow(SubtitleError);
    expect(() => subtitleToVtt(new Uint8Array(SUBTITLE_MAX_BYTES + 1))).toThrow(SubtitleError);
  });
});
