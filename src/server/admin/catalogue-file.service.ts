import type { z } from "zod";
import {
  adminCatalogueMessages,
  CATALOGUE_FORMAT,
  CATALOGUE_FORMAT_VERSION,
  type CatalogueExport,
  type catalogueFile,
} from "#contract/admin-catalogue";
import { filmLacksMedia, adminVideoMessages as videoMessages } from "#contract/admin-videos";
import { type Actor, recordAudit } from "../shared/audit.queries.ts";
import type { AppContext } from "../shared/context.ts";
import { fieldError } from "../shared/errors.ts";
import {
  categoriesByName,
  episodeKeys,
  existingVideos,
  exportRows,
  insertCategories,
  updateCategoryValues,
} from "./catalogue-file.queries.ts";
import {
  deleteEpisodesOf,
  filmMediaReady,
  insertVideo,
  refreshEpisodeCount,
  saveEpisodes,
  setVideoCategories,
  updateVideoRow,
  videoColumnsOf,
} from "./videos.queries.ts";

/**
 * The catalogue as a file (spec §8 admin 'Erreur d'export', 'Erreur d'import'; §4 "import only
 * simulated" made real). The file was checked whole by its contract schema before this runs; here
 * it is written in one transaction, and a category a video names but nobody defines refuses the
 * whole file: nothing is half imported.
 */

type Deps = Pick<AppContext, "db" | "catalogueCache">;
type File = z.output<typeof catalogueFile>;
const m = adminCatalogueMessages;

export async function exportCatalogue(deps: Deps): Promise<CatalogueExport> {
  return {
    format: CATALOGUE_FORMAT,
    version: CATALOGUE_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    ...(await exportRows(deps.db)),
  };
}

/** The export's file name: the catalogue of the day, in Paris. */
export const exportFileName = (now = new Date()) =>
  `bobine-catalogue-${now.toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" })}.json`;

export async function importCatalogue(deps: Deps, actor: Actor, file: File) {
  const result = await deps.db.transaction(async (tx) => {
    const counts = {
      categories: { created: 0, updated: 0 },
      videos: { created: 0, updated: 0 },
      episodes: { created: 0, updated: 0 },
    };
    // Categories by name (whatever its case): described again, or created.
    const known = await categoriesByName(tx);
    const fresh = [];
    for (const c of file.categories) {
      const existing = known.get(c.name.toLowerCase());
      if (!existing) fresh.push(c);
      else if (existing.description !== c.description || existing.color.toLowerCase() !== c.color) {
        await updateCategoryValues(tx, existing.id, {
          name: existing.name,
          description: c.description,
          color: c.color,
        });
        counts.categories.updated += 1;
      }
    }
    await insertCategories(tx, fresh);
    counts.categories.created = fresh.length;
    const byName = await categoriesByName(tx);

    const existing = await existingVideos(
      tx,
      file.videos.flatMap((v) => (v.id ? [v.id] : [])),
    );
    for (const [i, v] of file.videos.entries()) {
      const categoryIds = v.categories.map((name) => {
        const found = byName.get(name.toLowerCase());
        if (!found) throw fieldError(`videos.${i}.categories`, m.unknownCategory(name));
        return found.id;
      });
      const columns = videoColumnsOf(v);
      let id: string;
      const before = v.id ? existing.get(v.id) : undefined;
      // A film is published with its video (decision 052): an address, or its uploaded file playable.
      if (filmLacksMedia(v, before === "movie" && v.id ? await filmMediaReady(tx, v.id) : false)) {
        throw fieldError(`videos.${i}.videoUrl`, videoMessages.videoUrlRequired);
      }
      if (v.id && before) {
        id = v.id;
        await updateVideoRow(tx, id, columns);
        counts.videos.updated += 1;
        if (v.type === "movie" && before === "series") await deleteEpisodesOf(tx, id);
      } else {
        id = await insertVideo(tx, columns, actor.id, v.id);
        counts.videos.created += 1;
      }
      await setVideoCategories(tx, id, [...new Set(categoryIds)]);
      if (v.type === "series" && v.episodes.length > 0) {
        const keys = before ? await episodeKeys(tx, id) : new Map<string, string>();
        const updated = [];
        const created = [];
        for (const e of v.episodes) {
          const { id: _ignored, ...fields } = e;
          const saved = keys.get(`${e.seasonNumber}:${e.episodeNumber}`);
          if (saved) updated.push({ id: saved, ...fields });
          else created.push(fields);
        }
        await saveEpisodes(tx, id, updated, created);
        counts.episodes.updated += updated.length;
        counts.episodes.created += created.length;
      }
      await refreshEpisodeCount(tx, id);
    }
    await recordAudit(tx, actor, {
      action: "catalogue.import",
      targetType: "catalogue",
      targetLabel: m.journalLabel(file.videos.length),
      after: counts,
    });
    return counts;
  });
  deps.catalogueCache.invalidate();
  const videos = result.videos.created + result.videos.updated;
  const categories = result.categories.created + result.categories.updated;
  return { ...result, message: m.imported(videos, categories) };
}
