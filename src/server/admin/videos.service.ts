import type { z } from "zod";
import { isOwnImage } from "#contract/admin-common";
import {
  type AdminVideo,
  adminVideoMessages,
  type bulkVideosInput,
  type ContentWebhookBody,
  filmLacksMedia,
  type videoInput,
  type videoUpdateInput,
} from "#contract/admin-videos";
import { type Actor, changes, recordAudit } from "../shared/audit.queries.ts";
import type { AppContext } from "../shared/context.ts";
import { isUniqueViolation, violatedConstraint } from "../shared/db-errors.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import type { Tx } from "../shared/sql.queries.ts";
import { announceContent } from "./content-webhook.ts";
import { deleteFiles, storeKeyOf } from "./media-files.ts";
import {
  adminVideoById,
  adminVideoPage,
  bumpVersion,
  categoryNamesOf,
  deleteEpisodeRow,
  deleteEpisodesOf,
  deleteVideoRows,
  episodeIdsOf,
  existingCategories,
  filmMediaReady,
  highestSeason,
  insertVideo,
  lockEpisode,
  lockVideo,
  lockVideos,
  mediaOfVideo,
  refreshEpisodeCount,
  saveEpisodes,
  setVideoCategories,
  subtitleAddressesOfEpisode,
  unreferenced,
  updateVideoRow,
  type VideoColumns,
  videoColumnsOf,
} from "./videos.queries.ts";

/**
 * The catalogue's writes (spec §4 Video form, §5 Video form, §7 videos and episodes). Every write
 * is one transaction with its line in the journal; a new film, series or episode is announced to
 * the content webhook from inside it; the catalogue caches of every process forget the change
 * through the triggers of migration 0006 (docs/decisions/005-catalogue-cache.md), this process's
 * at once.
 */

type Deps = Pick<AppContext, "db" | "config" | "jobs" | "mediaStore" | "catalogueCache" | "log">;
type VideoForm = z.output<typeof videoInput>;
type VideoEdit = z.output<typeof videoUpdateInput>;

const m = adminVideoMessages;

export const list = adminVideoPage;

export async function get(db: Deps["db"], id: string): Promise<AdminVideo> {
  const video = await adminVideoById(db, id);
  if (!video) throw new AppError("VIDEO_NOT_FOUND");
  return video;
}

/** What the journal keeps of a video: its columns (the description cut short) and categories. */
const journalOf = (v: VideoColumns & { category?: string[] }) => {
  const { type, title, description, ...rest } = videoColumnsOf(v);
  const cut = description.length > 200 ? `${description.slice(0, 200)}…` : description;
  return { type, title, category: v.category, description: cut, ...rest };
};

/**
 * Addresses that name our own store must name something in it: a film's file (spec §5 "movie
 * video URL required"), an uploaded image. Remote addresses are the administrator's to choose.
 */
async function checkMedia(deps: Deps, v: VideoForm) {
  const exists = async (address: string | null) => {
    if (!address) return true;
    const key = storeKeyOf(address);
    return key !== null && (await deps.mediaStore.stat(key)) !== null;
  };
  const local = (address: string | null) => address?.startsWith("local:") || (address && isOwnImage(address));
  if (local(v.videoUrl) && !(await exists(v.videoUrl))) throw fieldError("videoUrl", m.videoFileMissing);
  for (const field of ["thumbnail", "backdrop"] as const) {
    if (local(v[field]) && !(await exists(v[field]))) throw fieldError(field, m.videoFileMissing);
  }
  for (const [i, e] of v.episodes.entries()) {
    if (local(e.videoUrl) && !(await exists(e.videoUrl)))
      throw fieldError(`episodes.${i}.videoUrl`, m.videoFileMissing);
    if (local(e.thumbnail) && !(await exists(e.thumbnail)))
      throw fieldError(`episodes.${i}.thumbnail`, m.videoFileMissing);
  }
}

async function checkCategories(tx: Tx, ids: string[]) {
  const unique = [...new Set(ids)];
  if ((await existingCategories(tx, unique)) !== unique.length)
    throw fieldError("categoryIds", m.unknownCategory);
  return unique;
}

/** A clash of (season, episode) with an episode the form did not carry. */
function episodeClash(err: unknown, v: VideoForm): AppError | null {
  if (!isUniqueViolation(err) || !violatedConstraint(err).includes("episodes_series_season_episode"))
    return null;
  const first = v.episodes[0];
  return fieldError("episodes", m.episodeTaken(first?.seasonNumber ?? 1, first?.episodeNumber ?? 1));
}

const episodeFields = (e: VideoForm["episodes"][number]) => ({
  title: e.title,
  description: e.description,
  thumbnail: e.thumbnail,
  duration: e.duration,
  seasonNumber: e.seasonNumber,
  episodeNumber: e.episodeNumber,
  videoUrl: e.videoUrl,
});

/** The webhook's announcement of a video (spec §7 discord-webhook). */
const announcement = (
  v: { id: string; type: "movie" | "series"; title: string; thumbnail: string | null },
  category: string | null,
  actor: Actor,
): ContentWebhookBody => ({
  type: v.type,
  title: v.title,
  category,
  addedBy: actor.username,
  videoUrl: v.id,
  thumbnail: v.thumbnail,
  seriesTitle: null,
  episodeNumber: null,
  seasonNumber: null,
});

/**
 * spec §4 Video form, §7 createVideo (and createEpisode for a series' episodes): one transaction. A
 * film without its address is a draft (decision 052): it takes its file once saved.
 */
export async function create(deps: Deps, actor: Actor, v: VideoForm): Promise<AdminVideo> {
  if (filmLacksMedia(v, false)) throw fieldError("videoUrl", m.videoUrlRequired);
  await checkMedia(deps, v);
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const categoryIds = await checkCategories(tx, v.categoryIds);
      const videoId = await insertVideo(tx, videoColumnsOf(v), actor.id);
      await setVideoCategories(tx, videoId, categoryIds);
      let episodeCount = 0;
      if (v.type === "series" && v.episodes.length > 0) {
        await saveEpisodes(tx, videoId, [], v.episodes.map(episodeFields));
        episodeCount = await refreshEpisodeCount(tx, videoId);
      }
      const category = await categoryNamesOf(tx, videoId);
      await recordAudit(tx, actor, {
        action: "video.create",
        targetType: "video",
        targetId: videoId,
        targetLabel: v.title,
        after: { ...journalOf({ ...videoColumnsOf(v), category }), episodes: episodeCount },
      });
      // Announced when members can see it: now, or when the draft is published.
      if (v.published) {
        await announceContent(deps, tx, [
          announcement(
            { id: videoId, type: v.type, title: v.title, thumbnail: v.thumbnail },
            category[0] ?? null,
            actor,
          ),
        ]);
      }
      return videoId;
    });
  } catch (err) {
    throw episodeClash(err, v) ?? err;
  }
  deps.catalogueCache.invalidate();
  return get(deps.db, id);
}

/**
 * spec §4 Video form on edit: the fields, the categories, saved episodes updated and new ones
 * created, in one transaction, on the version the form was opened at (409 otherwise: a
 * concurrent edit is never overwritten). Turning a series into a film deletes its episodes.
 * Publishing a draft film needs its video (an address, or its uploaded file playable) and announces
 * it to the content webhook; new episodes of a draft series are announced only with it.
 */
export async function update(deps: Deps, actor: Actor, id: string, v: VideoEdit): Promise<AdminVideo> {
  await checkMedia(deps, v);
  try {
    await deps.db.transaction(async (tx) => {
      const row = await lockVideo(tx, id);
      if (!row) throw new AppError("VIDEO_NOT_FOUND");
      if (row.version !== v.version) throw new AppError("CONFLICT", m.versionConflict);
      const categoryIds = await checkCategories(tx, v.categoryIds);
      const before = await adminVideoById(tx, id);
      if (filmLacksMedia(v, await filmMediaReady(tx, id))) {
        throw fieldError("videoUrl", before?.published === false ? m.publishNeedsMedia : m.videoUrlRequired);
      }
      await updateVideoRow(tx, id, videoColumnsOf(v));
      await setVideoCategories(tx, id, categoryIds);

      let created: Awaited<ReturnType<typeof saveEpisodes>> = [];
      let updatedCount = 0;
      let removedCount = 0;
      if (v.type === "movie") {
        if (row.type === "series") removedCount = (await deleteEpisodesOf(tx, id)).length;
      } else {
        const given = v.episodes.flatMap((e) => (e.id ? [e.id] : []));
        const known = await episodeIdsOf(tx, id, given);
        v.episodes.forEach((e, i) => {
          if (e.id && !known.has(e.id)) throw fieldError(`episodes.${i}.id`, m.episodeUnknown);
        });
        const updated = v.episodes.flatMap((e) => (e.id ? [{ id: e.id, ...episodeFields(e) }] : []));
        created = await saveEpisodes(tx, id, updated, v.episodes.filter((e) => !e.id).map(episodeFields));
        updatedCount = updated.length;
        const highest = await highestSeason(tx, id);
        if (highest > v.totalSeasons) throw fieldError("totalSeasons", m.episodeBeyondSeasons(highest));
      }
      await refreshEpisodeCount(tx, id);
      const category = await categoryNamesOf(tx, id);
      const diff = before ? changes(journalOf(before), journalOf({ ...videoColumnsOf(v), category })) : null;
      await recordAudit(tx, actor, {
        action: "video.update",
        targetType: "video",
        targetId: id,
        targetLabel: v.title,
        before: diff?.before ?? null,
        after: {
          ...(diff?.after ?? {}),
          ...(created.length ? { episodesAdded: created.length } : {}),
          ...(updatedCount ? { episodesSaved: updatedCount } : {}),
          ...(removedCount ? { episodesRemoved: removedCount } : {}),
        },
      });
      const publishing = before?.published === false && v.published;
      await announceContent(deps, tx, [
        ...(publishing
          ? [
              announcement(
                { id, type: v.type, title: v.title, thumbnail: v.thumbnail },
                category[0] ?? null,
                actor,
              ),
            ]
          : []),
        ...(v.published && !publishing ? created : []).map((e) => ({
          type: "episode" as const,
          title: e.title,
          category: category[0] ?? null,
          addedBy: actor.username,
          videoUrl: id,
          thumbnail: v.thumbnail,
          seriesTitle: v.title,
          episodeNumber: e.episodeNumber,
          seasonNumber: e.seasonNumber,
        })),
      ]);
    });
  } catch (err) {
    throw episodeClash(err, v) ?? err;
  }
  deps.catalogueCache.invalidate();
  return get(deps.db, id);
}

/** Deletes the files that nothing names any more, after the rows' commit; a failure is logged only. */
async function freeFiles(deps: Deps, addresses: string[], videoIds: string[]): Promise<number> {
  try {
    return await deleteFiles(deps.mediaStore, addresses, videoIds);
  } catch (err) {
    deps.log.warn({ err, videoIds }, "media files left in the store after a deletion");
    return 0;
  }
}

/**
 * spec §7 deleteVideo: the video and, by the database's cascades, its episodes, subtitles,
 * favourites, ratings, history and plays; then its files that no other video uses.
 */
export async function remove(deps: Deps, actor: Actor, id: string) {
  const { free } = await deps.db.transaction(async (tx) => {
    const row = await lockVideo(tx, id);
    if (!row) throw new AppError("VIDEO_NOT_FOUND");
    const addresses = await mediaOfVideo(tx, id);
    const category = await categoryNamesOf(tx, id);
    await deleteVideoRows(tx, [id]);
    await recordAudit(tx, actor, {
      action: "video.delete",
      targetType: "video",
      targetId: id,
      targetLabel: row.title,
      before: { type: row.type, title: row.title, category },
    });
    return { free: await unreferenced(tx, addresses) };
  });
  deps.catalogueCache.invalidate();
  return { deleted: 1 as const, files: await freeFiles(deps, free, [id]) };
}

/** spec §4: removing a saved episode deletes it on the server; the series takes a new version. */
export async function removeEpisode(deps: Deps, actor: Actor, id: string) {
  const { result, free } = await deps.db.transaction(async (tx) => {
    const episode = await lockEpisode(tx, id);
    if (!episode) throw new AppError("NOT_FOUND");
    await lockVideo(tx, episode.seriesId);
    const addresses = [
      episode.videoUrl,
      episode.thumbnail,
      ...(await subtitleAddressesOfEpisode(tx, id)),
    ].filter((a): a is string => !!a);
    await deleteEpisodeRow(tx, id);
    const totalEpisodes = await refreshEpisodeCount(tx, episode.seriesId);
    const version = await bumpVersion(tx, episode.seriesId);
    await recordAudit(tx, actor, {
      action: "episode.delete",
      targetType: "episode",
      targetId: id,
      targetLabel: `${episode.seriesTitle} — S${episode.seasonNumber}E${episode.episodeNumber} ${episode.title}`,
      before: {
        seriesId: episode.seriesId,
        title: episode.title,
        seasonNumber: episode.seasonNumber,
        episodeNumber: episode.episodeNumber,
      },
    });
    return {
      result: { seriesId: episode.seriesId, version, totalEpisodes },
      free: await unreferenced(tx, addresses),
    };
  });
  deps.catalogueCache.invalidate();
  await freeFiles(deps, free, []);
  return result;
}

/**
 * Bulk actions of the « Vidéos » table (one confirmation on screen, one transaction here): delete
 * the chosen videos, or give them one category (their only one). Each video has its journal line.
 */
export async function bulk(deps: Deps, actor: Actor, input: z.output<typeof bulkVideosInput>) {
  const { changed, free, deletedIds } = await deps.db.transaction(async (tx) => {
    const rows = await lockVideos(tx, input.videoIds);
    if (input.action === "delete") {
      const addresses = (await Promise.all(rows.map((r) => mediaOfVideo(tx, r.id)))).flat();
      for (const r of rows) {
        await recordAudit(tx, actor, {
          action: "video.delete",
          targetType: "video",
          targetId: r.id,
          targetLabel: r.title,
          before: { type: r.type, title: r.title, category: await categoryNamesOf(tx, r.id) },
          after: { bulk: true },
        });
      }
      await deleteVideoRows(
        tx,
        rows.map((r) => r.id),
      );
      return {
        changed: rows.length,
        free: await unreferenced(tx, addresses),
        deletedIds: rows.map((r) => r.id),
      };
    }
    const categoryId = input.categoryId as string;
    if ((await existingCategories(tx, [categoryId])) !== 1) throw fieldError("categoryId", m.unknownCategory);
    for (const r of rows) {
      const before = await categoryNamesOf(tx, r.id);
      await setVideoCategories(tx, r.id, [categoryId]);
      await bumpVersion(tx, r.id);
      await recordAudit(tx, actor, {
        action: "video.update",
        targetType: "video",
        targetId: r.id,
        targetLabel: r.title,
        before: { category: before },
        after: { category: await categoryNamesOf(tx, r.id), bulk: true },
      });
    }
    return { changed: rows.length, free: [] as string[], deletedIds: [] as string[] };
  });
  deps.catalogueCache.invalidate();
  if (deletedIds.length > 0) await freeFiles(deps, free, deletedIds);
  return { changed };
}
