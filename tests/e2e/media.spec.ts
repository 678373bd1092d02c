import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import type { MediaAsset } from "../../src/contract/media.ts";
import { playerText } from "../../src/web/i18n/player.ts";
import { FIXTURE_ADMIN } from "./fixture-accounts.ts";
import { firstFilm, SUBSCRIBER, signIn, signUp } from "./fixtures.ts";

/**
 * The media pipeline end to end (decision 025): an administrator's clip, made by ffmpeg here, is
 * uploaded with tus, transcoded into a ladder by the server's in-process workers, and a Premium
 * member plays it in Chromium through hls.js, picks 1080p then 360p, and gets each rung's segments
 * and picture; the trickplay thumbnail shows over the seek bar. A Basic member (signed up here,
 * given « Essentiel » by the administrator) is offered nothing above 720p. The 3-minute clip,
 * 1080p at 4 fps (45 segments of 4 s per rung; few frames, so the ladder costs seconds).
 */
test("an uploaded film plays as an HLS ladder through hls.js, at the rung chosen in the quality menu, capped at 720p for a Basic member", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-e2e-media-"));
  const clip = path.join(dir, "clip.mp4");
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=4:duration=180"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:duration=180"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", clip],
  ]);
  const bytes = fs.readFileSync(clip);

  // The administrator uploads it (tus) as the source of a demo film.
  const admin = await playwrightRequest.newContext({ baseURL });
  await signIn(admin, FIXTURE_ADMIN);
  const film = await firstFilm(admin);
  const b64 = (s: string) => Buffer.from(s).toString("base64");
  const created = await admin.post("/api/admin/media/uploads", {
    headers: {
      "tus-resumable": "1.0.0",
      "upload-length": String(bytes.length),
      "upload-metadata": `videoId ${b64(film.id)},filename ${b64("clip.mp4")}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sent = await admin.patch(created.headers().location as string, {
    headers: {
      "tus-resumable": "1.0.0",
      "content-type": "application/offset+octet-stream",
      "upload-offset": "0",
    },
    data: bytes,
  });
  expect(sent.status(), await sent.text()).toBe(204);
  await expect
    .poll(
      async () => {
        const res = await admin.get(`/api/admin/media/assets?videoId=${film.id}`);
        const [asset] = ((await res.json()) as { items: MediaAsset[] }).items;
        return asset?.status;
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe("ready");
  await admin.dispose();
  fs.rmSync(dir, { recursive: true, force: true });

  // A Premium member plays it: hls.js fetches the master, then the segments of the rungs.
  const segments: string[] = [];
  page.on("request", (req) => {
    const match = /\/api\/stream\/hls\/[^/]+\/(\d+p)\/seg-\d{5}\.m4s/.exec(req.url());
    if (match?.[1]) segments.push(match[1]);
  });
  await signIn(page.request, SUBSCRIBER);
  await page.request.delete("/api/history");
  await page.goto(`/video/${film.id}`);
  const video = page.locator("video");
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  // hls.js, not the element's own source: a MediaSource blob.
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);

  await page.mouse.move(700, 450);
  await page.getByRole("button", { name: playerText.quality }).click();
  const menu = page.getByRole("menu", { name: playerText.quality });
  await expect(menu.getByRole("menuitemradio")).toHaveText([/^Auto/, "1080p", "720p", "480p", "360p"]);
  segments.length = 0;
  await menu.getByRole("menuitemradio", { name: "1080p", exact: true }).click();
  await expect.poll(() => segments.includes("1080p"), { timeout: 30_000 }).toBe(true);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 30_000 })
    .toBe(1080);
  await page.mouse.move(700, 450);
  await page.getByRole("button", { name: playerText.quality }).click();
  segments.length = 0;
  await menu.getByRole("menuitemradio", { name: "360p", exact: true }).click();
  await expect.poll(() => segments.includes("360p"), { timeout: 30_000 }).toBe(true);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 30_000 })
    .toBe(360);

  // Trickplay: the thumbnail of the moment under the pointer over the seek bar.
  const seek = page.getByRole("slider", { name: playerText.seek });
  await page.mouse.move(600, 400);
  await expect(seek).toBeVisible();
  const box = await seek.boundingBox();
  if (!box) throw new Error("no seek bar");
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 3 });
  await expect(page.getByTestId("trickplay-preview")).toBeVisible();

  // A Basic member: the same film, nothing above 720p in the menu nor among the segments fetched.
  const basicContext = await browser.newContext();
  const basic = await basicContext.newPage();
  const member = await signUp(basic.request);
  const admin2 = await playwrightRequest.newContext({ baseURL });
  await signIn(admin2, FIXTURE_ADMIN);
  const gift = await admin2.post(`/api/admin/users/${member.id}/gift`, {
    data: { planCode: "essentiel", months: 1 },
  });
  expect(gift.status(), await gift.text()).toBeLessThan(300);
  await admin2.dispose();
  const basicSegments: string[] = [];
  basic.on("request", (req) => {
    const match = /\/api\/stream\/hls\/[^/]+\/(\d+p)\/seg-\d{5}\.m4s/.exec(req.url());
    if (match?.[1]) basicSegments.push(match[1]);
  });
  await basic.goto(`/video/${film.id}`);
  const basicVideo = basic.locator("video");
  await expect
    .poll(() => basicVideo.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  await basic.mouse.move(700, 450);
  await basic.getByRole("button", { name: playerText.quality }).click();
  await expect(basic.getByRole("menu", { name: playerText.quality }).getByRole("menuitemradio")).toHaveText([
    /^Auto/,
    "720p",
    "480p",
    "360p",
  ]);
  expect(basicSegments.filter((rung) => rung === "1080p")).toEqual([]);
  await basicContext.close();
});
