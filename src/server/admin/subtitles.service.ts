import { randomUUID } from "node:crypto";
import type { z } from "zod";
import {
  type AdminSubtitle,
  adminSubtitleMessages,
  type subtitleUploadQuery,
} from "#contract/admin-subtitles";
import { type Actor, changes, recordAudit } from "../shared/audit.queries.ts";
import type { AppContext } from "../shared/context.ts";
import { isUniqueViolation } from "../shared/db-errors.ts";
import { indexCues } from "../shared/dialogue.queries.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { type Cue, cuesToVtt, decodeSubtitle, parseCues, SubtitleError } from "../shared/subtitles.ts";
import { deleteFiles } from "./media-files.ts";
import {
  clearDefault,
  deleteSubtitleRow,
  insertSubtitle,
  lockSubtitle,
  subtitlesOfVideo,
  targetOf,
  toAdminSubtitle,
  updateSubtitleRow,
} from "./subtitles.queries.ts";
import { unreferenced } from "./videos.queries.ts";

/**
 * Subtitles per film or episode (spec §2 Admin « manage subtitles », §5 Subtitle): the spec's
 * « Upload de sous-titres non implémenté » made real. A file is decoded (UTF-8, UTF-16 with its BOM,
 * else Windows-1252), cut into cues, refused when it holds none (not what it claims), and kept as
 * WebVTT in the media store (`subtitles/<id>.vtt`, read by the stream as `local:subtitles/…`).
 * A refused file, or a row that cannot be written, leaves nothing in the store.
 */

type Deps = Pick<AppContext, "db" | "mediaStore" | "log">;
const m = adminSubtitleMessages;

export const list = async (deps: Deps, videoId: string) => {
  const { video } = await targetOf(deps.db, videoId, undefined);
  if (!video) throw new AppError("VIDEO_NOT_FOUND");
  return subtitlesOfVideo(deps.db, videoId);
};

/** The cues of an uploaded file, or the French reason it is not a subtitle file. */
export function readCues(file: Buffer | undefined): Cue[] {
  if (!file || file.length === 0) throw fieldError("file", m.fieldsRequired);
  let text: string;
  try {
    text = decodeSubtitle(file);
  } catch (err) {
    if (err instanceof SubtitleError && err.reason === "too-large")
      throw new AppError("PAYLOAD_TOO_LARGE", m.tooLarge);
    throw fieldError("file", m.binary);
  }
  const cues = parseCues(text);
  if (cues.length === 0) throw fieldError("file", m.notSubtitles);
  return cues;
}

export async function upload(
  deps: Deps,
  actor: Actor,
  videoId: string,
  query: z.output<typeof subtitleUploadQuery>,
  file: Buffer | undefined,
): Promise<AdminSubtitle> {
  const { video, episode } = await targetOf(deps.db, videoId, query.episodeId);
  if (!video) throw new AppError("VIDEO_NOT_FOUND");
  if (video.type === "series" && !query.episodeId) throw fieldError("episodeId", m.episodeRequired);
  if (query.episodeId && !episode) throw fieldError("episodeId", m.episodeUnknown);
  const cues = readCues(file);

  const id = randomUUID();
  const key = `subtitles/${id}.vtt`;
  await deps.mediaStore.put(key, cuesToVtt(cues), "text/vtt; charset=utf-8");
  try {
    const isDefault = query.isDefault === "true";
    const saved = await deps.db.transaction(async (tx) => {
      if (isDefault) await clearDefault(tx, videoId, episode?.id ?? null);
      const inserted = await insertSubtitle(tx, {
        id,
        videoId,
        episodeId: episode?.id ?? null,
        language: query.language,
        languageName: query.languageName,
        subtitleUrl: `local:${key}`,
        isDefault,
      });
      // The dialogue index (docs/decisions/050-dialogue-search.md), with the track or not at all.
      // Its lines (the non-empty cues) are the count the track shows, here and in the list.
      const lines = await indexCues(tx, { id, videoId, episodeId: episode?.id ?? null }, cues);
      await recordAudit(tx, actor, {
        action: "subtitle.create",
        targetType: "subtitle",
        targetId: id,
        targetLabel: episode
          ? `${video.title} — S${episode.seasonNumber}E${episode.episodeNumber} (${query.languageName})`
          : `${video.title} (${query.languageName})`,
        after: {
          videoId,
          episodeId: episode?.id ?? null,
          language: query.language,
          languageName: query.languageName,
          isDefault,
          cues: lines,
          bytes: file?.length ?? 0,
        },
      });
      return { inserted, lines };
    });
    return toAdminSubtitle(saved.inserted, saved.lines);
  } catch (err) {
    await deps.mediaStore.delete(key).catch(() => {});
    // Another default chosen for the same film or episode at the same instant (index subtitles_one_default_uq).
    throw isUniqueViolation(err) ? new AppError("CONFLICT") : err;
  }
}

/** Renames a track or makes it the default of its film or episode (one default per film or episode). */
export async function update(
  deps: Deps,
  actor: Actor,
  id: string,
  body: { languageName?: string | undefined; isDefault?: boolean | undefined },
): Promise<AdminSubtitle> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await lockSubtitle(tx, id);
    if (!before) throw new AppError("NOT_FOUND");
    const values: { languageName?: string; isDefault?: boolean } = {};
    if (body.languageName !== undefined) values.languageName = body.languageName;
    if (body.isDefault !== undefined) values.isDefault = body.isDefault;
    if (values.isDefault) await clearDefault(tx, before.videoId, before.episodeId, id);
    const after = (await updateSubtitleRow(tx, id, values)) ?? before;
    const diff = changes(
      { languageName: before.languageName, isDefault: before.isDefault },
      { languageName: after.languageName, isDefault: after.isDefault },
    );
    if (diff) {
      await recordAudit(tx, actor, {
        action: "subtitle.update",
        targetType: "subtitle",
        targetId: id,
        targetLabel: after.languageName,
        ...diff,
      });
    }
    return after;
  });
  return toAdminSubtitle(row);
}

/** spec §8 'Sous-titre supprimé': the row, then its file once nothing names it. */
export async function remove(deps: Deps, actor: Actor, id: string) {
  const free = await deps.db.transaction(async (tx) => {
    const before = await lockSubtitle(tx, id);
    if (!before) throw new AppError("NOT_FOUND");
    await deleteSubtitleRow(tx, id);
    await recordAudit(tx, actor, {
      action: "subtitle.delete",
      targetType: "subtitle",
      targetId: id,
      targetLabel: before.languageName,
      before: {
        videoId: before.videoId,
        episodeId: before.episodeId,
        language: before.language,
        languageName: before.languageName,
        isDefault: before.isDefault,
      },
    });
    return unreferenced(tx, [before.subtitleUrl]);
  });
  try {
    await deleteFiles(deps.mediaStore, free);
  } catch (err) {
    deps.log.warn({ err, subtitle: id }, "subtitle file left in the store");
  }
  return { deleted: 1 as const, message: m.deleted };
}
