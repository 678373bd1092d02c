import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { mediaMessages } from "#contract/media";
import type { WorkerContext } from "../shared/context.ts";
import { mediaKeys } from "../shared/media-ladder.ts";
import { probeSource } from "./ffmpeg.ts";
import { createImportedFilm, replaceAsset, uploadTarget } from "./media.queries.ts";
import { probeQueue } from "./transcode.service.ts";

/** « 1h 32min », « 48min »: the catalogue's duration format. */
const durationText = (seconds: number) => {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}min` : `${minutes}min`;
};

/** A title from a file name: « le_grand-voyage.2019.mkv » → « le grand voyage 2019 ». */
const titleOf = (file: string) =>
  path
    .basename(file, path.extname(file))
    .replace(/[._-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200) || mediaMessages.untitledImport;

export type ImportResult =
  | { ok: true; videoId: string; assetId: string; title: string; draft: boolean }
  | { ok: false; reason: "missing" | "not-a-video" | "unknown-video" };

/**
 * `npm run media:import -- FILE…` (decision 025): a file of the operator's library goes through the
 * same pipeline as an upload — probed, copied into the store as the original (the library's file
 * is left where it is), its asset created and its probe job sent in one transaction. Without
 * `videoId`, a film is created as a draft (title from the file name, details to fill in, published
 * from the administration: docs/decisions/052-drafts.md).
 */
export async function importFile(
  ctx: WorkerContext,
  file: string,
  opts: { videoId?: string | undefined; userId?: string | null } = {},
): Promise<ImportResult> {
  const source = path.resolve(file);
  const st = await fs.stat(source).catch(() => null);
  if (!st?.isFile()) return { ok: false, reason: "missing" };
  const probe = await probeSource(ctx.config, source);
  if (!probe) return { ok: false, reason: "not-a-video" };
  let videoId = opts.videoId;
  const title = titleOf(source);
  if (videoId) {
    if (!(await uploadTarget(ctx.db, videoId, null))) return { ok: false, reason: "unknown-video" };
  } else {
    videoId = await createImportedFilm(ctx.db, {
      title,
      duration: durationText(probe.duration),
      createdBy: opts.userId ?? null,
    });
  }
  const target = videoId;
  // A copy: the store's move must not take the operator's own file away.
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "bobine-import-"));
  try {
    const copy = path.join(tmp, "source");
    await fs.copyFile(source, copy);
    await ctx.mediaStore.deletePrefix(mediaKeys.ladder(target));
    await ctx.mediaStore.putFile(mediaKeys.source(target), copy);
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
  await ctx.jobs.prepare(probeQueue);
  const assetId = await ctx.db.transaction(async (tx) => {
    const asset = await replaceAsset(tx, {
      videoId: target,
      episodeId: null,
      targetId: target,
      sourceKey: mediaKeys.source(target),
      sourceBytes: st.size,
      createdBy: opts.userId ?? null,
    });
    await ctx.jobs.send(probeQueue, { assetId: asset.id }, { tx });
    return asset.id;
  });
  return { ok: true, videoId: target, assetId, title, draft: !opts.videoId };
}
