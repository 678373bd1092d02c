import { z } from "zod";
import { text } from "./text.ts";
import { publicUrl } from "./urls.ts";

/**
 * What every administration module of the contract shares (spec §2 Admin panel, §5, §6 Admin;
 * docs/decisions/015-administration.md): pages, the search text of the tables, and the two kinds
 * of address an administrator gives (an image, a media file).
 */

export const adminCommonMessages = {
  searchTooLong: "La recherche ne peut pas dépasser 100 caractères.",
  imageInvalid:
    "Image invalide\u00a0: une adresse http(s) publique (ni locale ni privée) ou une image envoyée depuis ce formulaire.",
  mediaInvalid:
    "Adresse invalide\u00a0: un fichier de la médiathèque (local:videos/mon-film.mp4) ou une adresse http(s) publique.",
  tooManyItems: "Au plus 100 éléments à la fois.",
  noItems: "Choisissez au moins un élément.",
} as const;

/** Rows of a table per page, and the most a client may ask for. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_MAX = 100;

/** `limit` and `offset` of a paged administration table. */
export const adminPage = {
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

/** The search box of a table (title, username, e-mail…). */
export const adminSearch = text({ max: 100, tooLong: adminCommonMessages.searchTooLong });

/** A page of rows and how many there are in all. */
export const adminPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    limit: z.number().int(),
    offset: z.number().int(),
  });

/** Where Bobine serves the images it keeps (the media store's `images/` folder). */
export const OWN_IMAGE_PREFIX = "/media/images/";
const OWN_IMAGE = /^\/media\/images\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** An image of Bobine's own store, as an upload answers it (`/media/images/<name>`). */
export const isOwnImage = (value: string) => OWN_IMAGE.test(value) && !value.includes("..");

/**
 * A poster, a backdrop, an episode's thumbnail: an image uploaded to Bobine, or the address of a
 * public image (http or https, no credentials, never a loopback, private or local host —
 * SECURITY-CHECKLIST 22, 28), at most 2,048 characters.
 */
export const imageRef = text({ max: 2048, tooLong: adminCommonMessages.imageInvalid }).refine(
  (v) => isOwnImage(v) || publicUrl(v, { protocols: ["http:", "https:"], addresses: "public" }) !== null,
  adminCommonMessages.imageInvalid,
);

/** What a media reference looks like (the form's placeholder). */
export const LOCAL_VIDEO_EXAMPLE = "local:videos/mon-film.mp4";

/** A file of the media store's `videos/` folder, named in a row as `local:videos/<file>` (decision 013). */
export const LOCAL_VIDEO = /^local:videos\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/**
 * A film's or an episode's media (spec §5 "movie video URL required; URL fields must be URLs"):
 * a file of the media store (`local:videos/<file>`, what the stream plays), or a public http(s)
 * address. The media work adds uploads; until then this is the media reference.
 */
export const mediaRef = text({ max: 2048, tooLong: adminCommonMessages.mediaInvalid }).refine(
  (v) =>
    (LOCAL_VIDEO.test(v) && !v.includes("..")) ||
    publicUrl(v, { protocols: ["http:", "https:"], addresses: "public" }) !== null,
  adminCommonMessages.mediaInvalid,
);

/** The ids a bulk action works on: 1 to 100 distinct UUIDs. */
export const bulkIds = z
  .array(z.uuid())
  .min(1, adminCommonMessages.noItems)
  .max(ADMIN_PAGE_MAX, adminCommonMessages.tooManyItems)
  .transform((ids) => [...new Set(ids)]);

/** What a write of the administration answers besides its data: nothing, or a count. */
export const deleted = z.object({ deleted: z.number().int().nonnegative() });
