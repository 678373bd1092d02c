import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminSubtitle, adminSubtitleMessages } from "#contract/admin-subtitles";
import { adminImageMessages, IMAGE_MAX_BYTES } from "#contract/admin-videos";
import { errorMessages } from "#contract/errors";
import { SUBTITLE_MAX_BYTES } from "#contract/stream";
import { makeCategory, makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { newDeviceId, writeMedia } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { type SignedIn, signedIn, signedInAdmin, signedInSubscriber } from "../support/members.ts";

/**
 * Files administrators send (decision 015; SECURITY-CHECKLIST 38; docs/decisions/016-uploads.md), on
 * both databases: an image is what its bytes are, re-encoded and kept; anything else — an SVG or
 * an HTML page calling itself a PNG, an empty file, a file too large, a "pixel bomb" — is refused
 * and leaves nothing in the store. Subtitles (spec §5 Subtitle): an SRT or WebVTT file, its
 * encoding detected, kept as WebVTT and played by the stream; one default track per film or
 * episode; 'Sous-titre supprimé'.
 */

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  member = await signedIn(t);
});
afterAll(async () => {
  await t.close();
});

const files = (folder: string) => {
  const dir = path.join(t.config.mediaDir, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

function send(who: SignedIn | null, url: string, body: Buffer | string, type = "application/octet-stream") {
  return t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": type, ...(who ? { cookie: who.cookie } : {}) },
    payload: body,
  });
}

/** A PNG whose header claims `width` × `height` pixels, with almost no data behind (a "pixel bomb"). */
function claimedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("images", () => {
  it("keeps a real image re-encoded as WebP, bounded in size, and serves it", async () => {
    const png = await sharp({ create: { width: 1600, height: 2400, channels: 3, background: "#8e44ad" } })
      .png()
      .toBuffer();
    // The declared type says nothing: the bytes decide.
    const res = await send(admin, "/api/admin/images?kind=poster", png, "image/jpeg");
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as { url: string; width: number; height: number; bytes: number };
    expect(answer.url).toMatch(/^\/media\/images\/[0-9a-f-]{36}-poster\.webp$/);
    expect([answer.width, answer.height]).toEqual([1000, 1500]);
    const stored = fs.readFileSync(path.join(t.config.mediaDir, "images", path.basename(answer.url)));
    expect(stored.subarray(8, 12).toString("latin1")).toBe("WEBP");
    const served = await t.app.inject({ method: "GET", url: answer.url });
    expect(served.statusCode).toBe(200);
  });

  it.each([
    [
      "an SVG calling itself a PNG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ["an HTML page", Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>")],
    ["a script named .jpg", Buffer.from("#!/bin/sh\nrm -rf /\n")],
    [
      "a PNG signature on garbage",
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
    ],
  ])("refuses %s and keeps nothing", async (_what, bytes) => {
    const before = files("images");
    const res = await send(admin, "/api/admin/images?kind=poster", bytes, "image/png");
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.file).toBe(adminImageMessages.notAnImage);
    expect(files("images")).toEqual(before);
  });

  it("refuses a pixel bomb before decoding it, an empty file, and a file over the limit", async () => {
    const before = files("images");
    const bomb = await send(
      admin,
      "/api/admin/images?kind=backdrop",
      claimedPng(100_000, 100_000),
      "image/png",
    );
    expect(bomb.statusCode, bomb.body).toBe(400);
    expect(bomb.json().fields.file).toBe(adminImageMessages.tooLarge);
    const empty = await send(admin, "/api/admin/images?kind=poster", Buffer.alloc(0), "image/png");
    expect(empty.statusCode, empty.body).toBe(400);
    const huge = await send(
      admin,
      "/api/admin/images?kind=poster",
      Buffer.alloc(IMAGE_MAX_BYTES + 1),
      "image/png",
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: errorMessages.PAYLOAD_TOO_LARGE,
    });
    expect(files("images")).toEqual(before);
  });

  it("refuses JSON, an unknown kind, and anyone but an administrator", async () => {
    const json = await t.app.inject({
      method: "POST",
      url: "/api/admin/images?kind=poster",
      headers: { "content-type": "application/json", cookie: admin.cookie },
      payload: "{}",
    });
    expect(json.statusCode).toBe(415);
    const kind = await send(admin, "/api/admin/images?kind=banniere", Buffer.from("x"));
    expect(kind.json().fields.kind).toBe(adminImageMessages.kindUnknown);
    expect((await send(member, "/api/admin/images?kind=poster", Buffer.from("x"))).statusCode).toBe(403);
    expect((await send(null, "/api/admin/images?kind=poster", Buffer.from("x"))).statusCode).toBe(401);
  });
});

const SRT_1252 = Buffer.from(
  "1\r\n00:00:01,000 --> 00:00:02,500\r\nD\xe9j\xe0 vu \x96 \xab enfin \xbb\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\n<i>Merci</i> & <script>x</script>\r\n",
  "latin1",
);

describe("subtitles", () => {
  let filmId: string;
  beforeAll(async () => {
    const category = await makeCategory(t.database.db);
    const film = await makeVideo(
      t.database.db,
      { title: "Sous-titré", videoUrl: writeMedia(t.config, "videos", "sous-titre.mp4", "octets") },
      [category.id],
    );
    filmId = film.id;
  });

  const upload = (videoId: string, query: string, body: Buffer | string) =>
    send(admin, `/api/admin/videos/${videoId}/subtitles?${query}`, body);

  it("keeps an SRT in Windows-1252 as WebVTT, escaped, and the stream plays it", async () => {
    const res = await upload(filmId, "language=fr&languageName=Fran%C3%A7ais&isDefault=true", SRT_1252);
    expect(res.statusCode, res.body).toBe(201);
    const track = res.json() as AdminSubtitle;
    expect(track).toMatchObject({ language: "fr", languageName: "Français", isDefault: true, cues: 2 });
    // The dialog's list says it again: the track's lines of dialogue, as the upload counted them.
    const list = await admin.call("GET", `/api/admin/videos/${filmId}/subtitles`);
    expect((list.json().items as AdminSubtitle[]).find((s) => s.id === track.id)?.cues).toBe(2);
    const vtt = fs.readFileSync(path.join(t.config.mediaDir, "subtitles", `${track.id}.vtt`), "utf8");
    expect(vtt).toBe(
      "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nDéjà vu – « enfin »\n\n00:00:03.000 --> 00:00:04.000\n<i>Merci</i> &amp; &lt;script&gt;x&lt;/script&gt;\n",
    );

    const viewer = await signedInSubscriber(t);
    const ticket = await viewer.call("POST", `/api/videos/${filmId}/ticket`, { deviceId: newDeviceId() });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const offered = (ticket.json().subtitles as { id: string; url: string }[]).find((s) => s.id === track.id);
    expect(offered).toBeDefined();
    const served = await viewer.call("GET", offered?.url ?? "");
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toContain("text/vtt");
    expect(served.body).toContain("Déjà vu");
  });

  it("refuses what is not a subtitle file and keeps nothing", async () => {
    const before = files("subtitles");
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const binary = await upload(filmId, "language=fr&languageName=Fran%C3%A7ais", png);
    expect(binary.json().fields.file).toBe(adminSubtitleMessages.binary);
    const prose = await upload(
      filmId,
      "language=fr&languageName=Fran%C3%A7ais",
      "Ceci est une lettre, pas un sous-titre.",
    );
    expect(prose.json().fields.file).toBe(adminSubtitleMessages.notSubtitles);
    const huge = await upload(
      filmId,
      "language=fr&languageName=Fran%C3%A7ais",
      Buffer.alloc(SUBTITLE_MAX_BYTES + 1, 65),
    );
    expect(huge.statusCode).toBe(413);
    expect(files("subtitles")).toEqual(before);
  });

  it("requires the language code, its name and the file ('Veuillez remplir tous les champs requis')", async () => {
    const noCode = await upload(filmId, "languageName=Fran%C3%A7ais", SRT_1252);
    expect(noCode.json().fields.language).toBe(adminSubtitleMessages.fieldsRequired);
    const noName = await upload(filmId, "language=fr", SRT_1252);
    expect(noName.json().fields.languageName).toBe(adminSubtitleMessages.fieldsRequired);
    const noFile = await upload(filmId, "language=fr&languageName=Fran%C3%A7ais", "");
    expect(noFile.json().fields.file).toBe(adminSubtitleMessages.fieldsRequired);
    const badCode = await upload(filmId, "language=francais&languageName=Fran%C3%A7ais", SRT_1252);
    expect(badCode.json().fields.language).toBe(adminSubtitleMessages.languageInvalid);
  });

  it("puts a series' subtitles on one of its episodes", async () => {
    const show = await makeVideo(t.database.db, { title: "Série sous-titrée", type: "series" });
    const episode = await makeEpisode(t.database.db, show.id, { seasonNumber: 1, episodeNumber: 1 });
    const other = await makeVideo(t.database.db, { title: "Autre série", type: "series" });
    const foreign = await makeEpisode(t.database.db, other.id, { seasonNumber: 1, episodeNumber: 1 });
    const q = "language=en&languageName=English";
    expect((await upload(show.id, q, SRT_1252)).json().fields.episodeId).toBe(
      adminSubtitleMessages.episodeRequired,
    );
    expect((await upload(show.id, `${q}&episodeId=${foreign.id}`, SRT_1252)).json().fields.episodeId).toBe(
      adminSubtitleMessages.episodeUnknown,
    );
    const res = await upload(show.id, `${q}&episodeId=${episode.id}`, SRT_1252);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().episodeId).toBe(episode.id);
  });

  it("keeps one default track per film, and deletes a track with its file", async () => {
    const film = await makeVideo(t.database.db, { title: "Deux pistes" });
    const q = (code: string) => `language=${code}&languageName=${code}&isDefault=true`;
    const first = (await upload(film.id, q("fr"), SRT_1252)).json() as AdminSubtitle;
    const second = (await upload(film.id, q("en"), SRT_1252)).json() as AdminSubtitle;
    const list = async () =>
      (
        (await admin.call("GET", `/api/admin/videos/${film.id}/subtitles`)).json().items as AdminSubtitle[]
      ).map((s) => [s.language, s.isDefault]);
    expect(await list()).toEqual([
      ["en", true],
      ["fr", false],
    ]);
    const patched = await admin.call("PATCH", `/api/admin/subtitles/${first.id}`, { isDefault: true });
    expect(patched.json()).toMatchObject({ isDefault: true });
    expect(await list()).toEqual([
      ["en", false],
      ["fr", true],
    ]);
    const removed = await admin.call("DELETE", `/api/admin/subtitles/${second.id}`);
    expect(removed.json()).toEqual({ deleted: 1, message: adminSubtitleMessages.deleted });
    expect(files("subtitles")).not.toContain(`${second.id}.vtt`);
    expect((await admin.call("DELETE", `/api/admin/subtitles/${second.id}`)).statusCode).toBe(404);
  });
});
