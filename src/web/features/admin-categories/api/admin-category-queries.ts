import { queryOptions } from "@tanstack/react-query";
import {
  type CategoryInput,
  createCategory,
  deleteCategory,
  listAdminCategories,
  updateCategory,
} from "#contract/admin-categories";
import { apiGet, apiSend } from "#web/lib/api.ts";
import { adminData } from "#web/lib/query-tags.ts";

/** The « Catégories » tab through TanStack Query (one key root; spec §7 categories). */
export const adminCategoryKeys = {
  root: "admin-categories",
  list: ["admin-categories", "list"] as const,
};

export const categoryListOptions = queryOptions({
  queryKey: adminCategoryKeys.list,
  queryFn: ({ signal }) => apiGet(listAdminCategories, { signal }),
  meta: adminData,
});

export const postCategory = (body: CategoryInput) => apiSend(createCategory, { body });
export const putCategory = (id: string, body: CategoryInput) =>
  apiSend(updateCategory, { params: { id }, body });
export const removeCategory = (id: string, moveTo: string | undefined) =>
  apiSend(deleteCategory, { params: { id }, query: moveTo ? { moveTo } : {} });
