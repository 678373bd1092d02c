import { z } from "zod";
import { categoryInput } from "./admin-categories.ts";
import { asStored, VIDEO_CATEGORIES_MAX, videoFields, videoRules } from "./admin-videos.ts";
import { endpoint } from "./endpoint.ts";
import { text } from "./text.ts";

/**
 * The catalogue as a JSON file (spec §8 admin 'Erreur d'export', 'Erreur d'import', 'Import
 * simulé': here export and import are real). An import is checked whole against the rules of the
 * forms (spec §5 Video form, Category) before anything is written, then written in one
 * transaction: a file with one error changes nothing. Categories are matched by name, videos by id
 * (then created), episodes by season and number; what the file does not name is kept.
 */

export const CATALOGUE_FORMAT = "bobine-catalogue";
export const CATALOGUE_FORMAT_VERSION = 1;
/** The largest file an import reads. */
export const CATALOGUE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const CATALOGUE_IMPORT_MAX_VIDEOS = 20_000;

export const adminCatalogueMessages = {
  notACatalogue: "Ce fichier n'est pas un catalogue Bobine (format «\u00a0bobine-catalogue\u00a0» attendu).",
  versionUnknown: "Version de catalogue inconnue\u00a0: seule la version 1 est lue.",
  categoryRequired: "Chaque vidéo nomme au moins une catégorie.",
  unknownCategory: (name: string) =>
    `La catégorie «\u00a0${name}\u00a0» n'existe pas et n'est pas dans le fichier\u00a0: ajoutez-la à «\u00a0categories\u00a0».`,
  duplicateVideo: "Deux vidéos du fichier ont le même identifiant.",
  duplicateCategory: (name: string) =>
    `La catégorie «\u00a0${name}\u00a0» apparaît deux fois dans le fichier.`,
  tooManyVideos: `Un fichier contient au plus ${CATALOGUE_IMPORT_MAX_VIDEOS} vidéos.`,
  journalLabel: (videos: number) => `${videos} vidéo(s) dans le fichier`,
  imported: (videos: number, categories: number) =>
    `Catalogue importé\u00a0: ${videos} vidéo(s) et ${categories} catégorie(s) ajoutées ou mises à jour.`,
} as const;

const m = adminCatalogueMessages;

const categoryName = text({ max: 60, min: 1, required: m.categoryRequired });

/** A video of the file: the form's fields with its categories by name, and its id when it has one. */
export const catalogueVideo = videoFields
  .omit({ categoryIds: true })
  .extend({
    id: z.uuid().optional(),
    categories: z
      .array(categoryName, { error: m.categoryRequired })
      .min(1, m.categoryRequired)
      .max(VIDEO_CATEGORIES_MAX),
  })
  .superRefine(videoRules)
  .transform(asStored);
export type CatalogueVideo = z.output<typeof catalogueVideo>;

export const catalogueFile = z
  .object({
    format: z.literal(CATALOGUE_FORMAT, { error: m.notACatalogue }),
    version: z.literal(CATALOGUE_FORMAT_VERSION, { error: m.versionUnknown }),
    exportedAt: z.iso.datetime({ offset: true }).optional(),
    categories: z.array(categoryInput).max(1000).default([]),
    videos: z.array(catalogueVideo).max(CATALOGUE_IMPORT_MAX_VIDEOS, m.tooManyVideos).default([]),
  })
  .superRefine((file, ctx) => {
    const names = new Set<string>();
    file.categories.forEach((c, i) => {
      const key = c.name.toLowerCase();
      if (names.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["categories", i, "name"],
          message: m.duplicateCategory(c.name),
        });
      names.add(key);
    });
    const ids = new Set<string>();
    file.videos.forEach((v, i) => {
      if (!v.id) return;
      if (ids.has(v.id))
        ctx.addIssue({ code: "custom", path: ["videos", i, "id"], message: m.duplicateVideo });
      ids.add(v.id);
    });
  });
export type CatalogueFile = z.input<typeof catalogueFile>;

/** The file as an export writes it (plain values: what `catalogueFile` reads back). */
export const catalogueExport = z.object({
  format: z.literal(CATALOGUE_FORMAT),
  version: z.literal(CATALOGUE_FORMAT_VERSION),
  exportedAt: z.iso.datetime({ offset: true }),
  categories: z.array(z.object({ name: z.string(), description: z.string(), color: z.string() })),
  videos: z.array(
    z.object({
      id: z.uuid(),
      type: z.enum(["movie", "series"]),
      title: z.string(),
      description: z.string(),
      categories: z.array(z.string()),
      year: z.number().int(),
      duration: z.string(),
      language: z.string(),
      maturity: z.enum(["all", "teen", "mature"]),
      thumbnail: z.string().nullable(),
      backdrop: z.string().nullable(),
      videoUrl: z.string().nullable(),
      totalSeasons: z.number().int(),
      // A draft stays a draft when its file is imported again (without it, the import's default
      // published every draft).
      published: z.boolean(),
      episodes: z.array(
        z.object({
          title: z.string(),
          description: z.string(),
          thumbnail: z.string().nullable(),
          duration: z.string(),
          seasonNumber: z.number().int(),
          episodeNumber: z.number().int(),
          videoUrl: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type CatalogueExport = z.infer<typeof catalogueExport>;

export const exportCatalogue = endpoint({
  method: "GET",
  path: "/api/admin/catalogue/export",
  summary: "Administrateurs\u00a0: le catalogue (catégories, vidéos, épisodes) en fichier JSON",
  tags: ["admin"],
  access: "admin",
  produces: "json-attachment",
  response: catalogueExport,
});

const counts = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
});

export const importCatalogue = endpoint({
  method: "POST",
  path: "/api/admin/catalogue/import",
  summary:
    "Administrateurs\u00a0: importe un catalogue JSON (vérifié en entier, écrit en une transaction\u00a0: tout ou rien)",
  tags: ["admin"],
  access: "admin",
  body: catalogueFile,
  maxBodyBytes: CATALOGUE_IMPORT_MAX_BYTES,
  response: z.object({ categories: counts, videos: counts, episodes: counts, message: z.string() }),
});
