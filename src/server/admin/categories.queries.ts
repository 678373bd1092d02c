import { and, asc, eq, sql } from "drizzle-orm";
import type { Category } from "#contract/catalogue";
import type { Db } from "#db/client";
import { categories, videoCategories } from "#db/schema/catalogue";
import { type Conn, rowsOf, type Tx } from "../shared/sql.queries.ts";

/** The SQL of the « Catégories » tab (spec §7 categories). */

const columns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  color: categories.color,
  createdAt: categories.createdAt,
  videoCount: sql<number>`(select count(*)::int from ${videoCategories} vc where vc.category_id = "categories"."id")`,
};

const toCategory = (r: { createdAt: Date } & Omit<Category, "createdAt">): Category => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

/** Every category with its number of videos, whatever their maturity, by name. */
export async function allCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select(columns)
    .from(categories)
    .orderBy(asc(sql`lower(${categories.name})`));
  return rows.map(toCategory);
}

export async function categoryById(db: Conn, id: string): Promise<Category | undefined> {
  const [row] = await db.select(columns).from(categories).where(eq(categories.id, id));
  return row && toCategory(row);
}

export async function lockCategory(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      color: categories.color,
    })
    .from(categories)
    .where(eq(categories.id, id))
    .for("update");
  return row;
}

export async function insertCategory(tx: Tx, values: { name: string; description: string; color: string }) {
  const [row] = await tx.insert(categories).values(values).returning({ id: categories.id });
  if (!row) throw new Error("category not inserted");
  return row.id;
}

export async function updateCategoryRow(
  tx: Tx,
  id: string,
  values: { name: string; description: string; color: string },
) {
  await tx.update(categories).set(values).where(eq(categories.id, id));
}

/**
 * Deletes a category. With `moveTo`, its videos that do not have that category yet get it, at the
 * place the deleted one had (a main category is replaced by a main category). Answers how many
 * videos had it, how many moved, and how many are left without any category.
 */
export async function deleteCategoryRow(tx: Tx, id: string, moveTo: string | undefined) {
  const [had] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from ${videoCategories} where category_id = ${id}`),
  );
  let moved = 0;
  if (moveTo) {
    const inserted = rowsOf<{ video_id: string }>(
      await tx.execute(sql`
        insert into ${videoCategories} (video_id, category_id, position)
        select vc.video_id, ${moveTo}, vc.position from ${videoCategories} vc
        where vc.category_id = ${id}
          and not exists (select 1 from ${videoCategories} o where o.video_id = vc.video_id and o.category_id = ${moveTo})
        returning video_id`),
    );
    moved = inserted.length;
  }
  const orphans = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from ${videoCategories} vc
      where vc.category_id = ${id}
        and not exists (select 1 from ${videoCategories} o where o.video_id = vc.video_id and o.category_id <> ${id})`),
  );
  await tx.delete(categories).where(and(eq(categories.id, id)));
  return { videos: Number(had?.n ?? 0), moved, withoutCategory: Number(orphans[0]?.n ?? 0) };
}
