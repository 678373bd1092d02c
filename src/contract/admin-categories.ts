import { z } from "zod";
import { category } from "./catalogue.ts";
import { endpoint } from "./endpoint.ts";
import { text } from "./text.ts";

/**
 * Categories as administrators manage them (spec §2 Admin « Catégories »: cards with colour, name,
 * description, video count, edit, delete; §3 Category; §5 Category: name required; §9 default
 * colour #e74c3c).
 */

export const DEFAULT_CATEGORY_COLOR = "#e74c3c";
export const CATEGORY_COLOR = /^#[0-9A-Fa-f]{6}$/;

export const adminCategoryMessages = {
  nameRequired: "Le nom de la catégorie est requis.",
  nameTooLong: "Le nom de la catégorie ne peut pas dépasser 60 caractères.",
  nameTaken: "Une catégorie porte déjà ce nom.",
  descriptionTooLong: "La description ne peut pas dépasser 500 caractères.",
  colorInvalid: "La couleur s'écrit #RRGGBB (par exemple #e74c3c).",
  moveToSelf: "Choisissez une autre catégorie que celle que vous supprimez.",
  moveToUnknown: "La catégorie de remplacement n'existe plus\u00a0: rechargez la liste.",
} as const;

const m = adminCategoryMessages;

export const categoryInput = z.object({
  name: text({ max: 60, min: 1, required: m.nameRequired, tooLong: m.nameTooLong }),
  description: text({ max: 500, multiline: true, tooLong: m.descriptionTooLong }).default(""),
  color: z
    .string({ error: m.colorInvalid })
    .regex(CATEGORY_COLOR, m.colorInvalid)
    .transform((c) => c.toLowerCase())
    .default(DEFAULT_CATEGORY_COLOR),
});
export type CategoryInput = z.input<typeof categoryInput>;

const categoryIdParams = z.object({ id: z.uuid() });

export const listAdminCategories = endpoint({
  method: "GET",
  path: "/api/admin/categories",
  summary: "Administrateurs\u00a0: toutes les catégories avec leur nombre de vidéos (sans contrôle parental)",
  tags: ["admin"],
  access: "admin",
  response: z.object({ items: z.array(category) }),
});

export const createCategory = endpoint({
  method: "POST",
  path: "/api/admin/categories",
  summary: "Administrateurs\u00a0: ajoute une catégorie (201)",
  tags: ["admin"],
  access: "admin",
  body: categoryInput,
  response: category,
});

export const updateCategory = endpoint({
  method: "PUT",
  path: "/api/admin/categories/:id",
  summary: "Administrateurs\u00a0: modifie le nom, la description ou la couleur d'une catégorie",
  tags: ["admin"],
  access: "admin",
  params: categoryIdParams,
  body: categoryInput,
  response: category,
});

export const deleteCategory = endpoint({
  method: "DELETE",
  path: "/api/admin/categories/:id",
  summary:
    "Administrateurs\u00a0: supprime une catégorie ; ses vidéos la perdent, ou passent dans `moveTo` quand il est donné",
  tags: ["admin"],
  access: "admin",
  params: categoryIdParams,
  query: z.object({ moveTo: z.uuid().optional() }),
  response: z.object({
    /** Videos that had this category. */
    videos: z.number().int().nonnegative(),
    /** Of those, videos moved into `moveTo`. */
    moved: z.number().int().nonnegative(),
    /** Of those, videos left without any category. */
    withoutCategory: z.number().int().nonnegative(),
  }),
});
