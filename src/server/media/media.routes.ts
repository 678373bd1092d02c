import {
  cancelUpload,
  createUpload,
  deleteMediaAsset,
  listMediaAssets,
  type MediaAsset,
  mediaMessages,
  retryMediaAsset,
  uploadChunk,
} from "#contract/media";
import type { DomainPlugin } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import type { AssetTask, SourceProbe } from "../shared/media-ladder.ts";
import { router } from "../shared/route.ts";
import { type AssetRow, assetById, deleteAsset, listAssets } from "./media.queries.ts";
import { retryAsset, sweepQueue } from "./transcode.service.ts";
import { openUploads } from "./upload.service.ts";

/** An asset as the admin's « En cours » tab shows it. */
function assetView(asset: AssetRow, title: string): MediaAsset {
  return {
    id: asset.id,
    videoId: asset.videoId,
    episodeId: asset.episodeId,
    title,
    status: asset.status,
    progress: asset.progress,
    error: asset.error,
    playable: asset.playable,
    tasks: (asset.tasks as AssetTask[]).map((t) => ({
      name: t.name,
      kind: t.kind,
      state: t.state,
      progress: t.state === "ready" ? 100 : t.progress,
    })),
    sourceBytes: asset.sourceBytes,
    duration: (asset.probe as SourceProbe | null)?.duration ?? null,
    createdAt: asset.createdAt.toISOString(),
    updatedAt: asset.updatedAt.toISOString(),
  };
}

/**
 * The media pipeline's administration (decision 025): resumable uploads (tus) and the transcoding
 * queue. Playback of the ladder is the stream domain's (it owns the tickets).
 */
export const mediaRoutes: DomainPlugin = async (app, ctx) => {
  const route = router(app, ctx);
  const uploads = openUploads(ctx);

  route(createUpload, async ({ user, request, reply }) => {
    await uploads.create(user, request, reply);
    return reply;
  });
  route(uploadChunk, async ({ user, params, request, reply }) => {
    await uploads.resume(user, params.uploadId, request, reply);
    return reply;
  });
  route(cancelUpload, async ({ user, params, request, reply }) => {
    await uploads.resume(user, params.uploadId, request, reply);
    return reply;
  });

  route(listMediaAssets, async ({ query }) => {
    const rows = await listAssets(ctx.db, query.videoId);
    return { items: rows.map((r) => assetView(r.asset, r.title)) };
  });

  route(retryMediaAsset, async ({ params }) => {
    const asset = await assetById(ctx.db, params.assetId);
    if (!asset) throw new AppError("NOT_FOUND", mediaMessages.assetNotFound);
    if (asset.status !== "failed") throw new AppError("CONFLICT", mediaMessages.notFailed);
    await retryAsset(ctx, asset);
    const [row] = (await listAssets(ctx.db, asset.videoId)).filter((r) => r.asset.id === asset.id);
    if (!row) throw new AppError("NOT_FOUND", mediaMessages.assetNotFound);
    return assetView(row.asset, row.title);
  });

  route(
    deleteMediaAsset,
    async ({ params }) => {
      if (!(await deleteAsset(ctx.db, params.assetId))) {
        throw new AppError("NOT_FOUND", mediaMessages.assetNotFound);
      }
      // Its files went to the trash (migration 0019): emptied now rather than at the next sweep.
      await ctx.jobs.send(sweepQueue, {}, { singletonKey: "now" });
      return null;
    },
    { status: 204 },
  );
};
