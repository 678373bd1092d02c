import type { z } from "zod";
import { adminCategoryMessages, type categoryInput } from "#contract/admin-categories";
import type { Category } from "#contract/catalogue";
import { type Actor, changes, recordAudit } from "../shared/audit.queries.ts";
import type { AppContext } from "../shared/context.ts";
import { isUniqueViolation } from "../shared/db-errors.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import {
  allCategories,
  categoryById,
  deleteCategoryRow,
  insertCategory,
  lockCategory,
  updateCategoryRow,
} from "./categories.queries.ts";

/**
 * spec §2 Admin « Catégories », §5 Category (name required; colour #RRGGBB, default #e74c3c): the
 * name is unique whatever its case (index categories_name_lower_uq decides between concurrent
 * writes). Deleting a category in use says how many videos it leaves and what became of them.
 */

type Deps = Pick<AppContext, "db" | "catalogueCache">;
type CategoryForm = z.output<typeof categoryInput>;
const m = adminCategoryMessages;

export const list = (deps: Deps) => allCategories(deps.db);

const nameTaken = (err: unknown) => (isUniqueViolation(err) ? fieldError("name", m.nameTaken) : err);

async function found(deps: Deps, id: string): Promise<Category> {
  const category = await categoryById(deps.db, id);
  if (!category) throw new AppError("NOT_FOUND");
  return category;
}

export async function create(deps: Deps, actor: Actor, input: CategoryForm): Promise<Category> {
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const created = await insertCategory(tx, input);
      await recordAudit(tx, actor, {
        action: "category.create",
        targetType: "category",
        targetId: created,
        targetLabel: input.name,
        after: { ...input },
      });
      return created;
    });
  } catch (err) {
    throw nameTaken(err);
  }
  deps.catalogueCache.invalidate();
  return found(deps, id);
}

export async function update(deps: Deps, actor: Actor, id: string, input: CategoryForm): Promise<Category> {
  try {
    await deps.db.transaction(async (tx) => {
      const before = await lockCategory(tx, id);
      if (!before) throw new AppError("NOT_FOUND");
      await updateCategoryRow(tx, id, input);
      const diff = changes(before, input);
      await recordAudit(tx, actor, {
        action: "category.update",
        targetType: "category",
        targetId: id,
        targetLabel: input.name,
        before: diff?.before ?? null,
        after: diff?.after ?? null,
      });
    });
  } catch (err) {
    throw nameTaken(err);
  }
  deps.catalogueCache.invalidate();
  return found(deps, id);
}

/** Deletes a category; its videos lose it, or get `moveTo` in its place. */
export async function remove(deps: Deps, actor: Actor, id: string, moveTo: string | undefined) {
  if (moveTo === id) throw fieldError("moveTo", m.moveToSelf);
  const result = await deps.db.transaction(async (tx) => {
    const before = await lockCategory(tx, id);
    if (!before) throw new AppError("NOT_FOUND");
    let target: Awaited<ReturnType<typeof lockCategory>>;
    if (moveTo) {
      target = await lockCategory(tx, moveTo);
      if (!target) throw fieldError("moveTo", m.moveToUnknown);
    }
    const counts = await deleteCategoryRow(tx, id, moveTo);
    await recordAudit(tx, actor, {
      action: "category.delete",
      targetType: "category",
      targetId: id,
      targetLabel: before.name,
      before: { name: before.name, description: before.description, color: before.color },
      after: { ...counts, ...(target ? { movedTo: target.name } : {}) },
    });
    return counts;
  });
  deps.catalogueCache.invalidate();
  return result;
}
