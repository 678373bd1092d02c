import type { Db } from "#db/client";
import { categories, episodes, videoCategories, videos } from "#db/schema/catalogue";

let counter = 0;
const next = () => ++counter;

export async function makeCategory(db: Db, over: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({ name: `Catégorie ${n}`, description: `Description ${n}`, ...over })
    .returning();
  if (!row) throw new Error("category not created");
  return row;
}

export async function makeVideo(
  db: Db,
  over: Partial<typeof videos.$inferInsert> = {},
  categoryIds: string[] = [],
) {
  const n = next();
  const [row] = await db
    .insert(videos)
    .values({
      title: `Vidéo ${n}`,
      description: `Une vidéo de test numéro ${n}.`,
      year: 2020,
      type: "movie",
      ...over,
    })
    .returning();
  if (!row) throw new Error("video not created");
  if (categoryIds.length > 0) {
    await db
      .insert(videoCategories)
      .values(categoryIds.map((categoryId, position) => ({ videoId: row.id, categoryId, position })));
  }
  return row;
}

export async function makeEpisode(
  db: Db,
  seriesId: string,
  over: Partial<typeof episodes.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(episodes)
    .values({ seriesId, title: `Épisode ${n}`, seasonNumber: 1, episodeNumber: n, ...over })
    .returning();
  if (!row) throw new Error("episode not created");
  return row;
}
