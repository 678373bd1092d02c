import type { InfiniteData } from "@tanstack/react-query";
import type { FavoriteListResponse } from "#contract/library";

/**
 * Ma liste without one video, for the optimistic removal (the server's answer replaces it on the
 * next fetch). Count, views and categories follow at once; the average rating too when every page
 * is loaded (otherwise the unseen rated videos are unknown and the tile keeps its value).
 */
export function withoutFavorite(
  data: InfiniteData<FavoriteListResponse, string | null> | undefined,
  videoId: string,
): InfiniteData<FavoriteListResponse, string | null> | undefined {
  if (!data) return data;
  const removed = data.pages.flatMap((page) => page.items).find((item) => item.id === videoId);
  if (!removed) return data;
  const first = data.pages[0];
  if (!first) return data;

  const main = removed.category[0];
  const categories = first.categories
    .map((c) => (c.name === main ? { ...c, count: c.count - 1 } : c))
    .filter((c) => c.count > 0);
  const remaining = data.pages.flatMap((page) => page.items).filter((item) => item.id !== videoId);
  const allLoaded = remaining.length === first.total - 1;
  const rated = remaining.filter((item) => item.totalRatings > 0);
  const averageRating = allLoaded
    ? rated.length === 0
      ? 0
      : Math.round((rated.reduce((sum, item) => sum + item.averageRating, 0) / rated.length) * 10) / 10
    : first.stats.averageRating;
  const total = Math.max(0, first.total - 1);
  const stats = {
    total,
    averageRating,
    categories: categories.length,
    totalViews: Math.max(0, first.stats.totalViews - removed.views),
  };

  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== videoId),
      total,
      stats,
      categories,
    })),
  };
}
