import type { InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { FavoriteItem, FavoriteListResponse } from "#contract/library";
import { withoutFavorite } from "./favorite-list-cache.ts";

const item = (id: string, over: Partial<FavoriteItem>): FavoriteItem => ({
  id,
  title: id,
  description: "",
  thumbnail: null,
  backdrop: null,
  category: [],
  year: 2020,
  language: "Français",
  duration: "1h",
  type: "movie",
  maturity: "all",
  views: 0,
  averageRating: 0,
  totalRatings: 0,
  totalSeasons: 1,
  totalEpisodes: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  addedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

const a = item("a", { category: ["Drame"], views: 100, averageRating: 4, totalRatings: 3 });
const b = item("b", { category: ["Drame", "Polar"], views: 50, averageRating: 2, totalRatings: 1 });
const c = item("c", { category: ["Polar"], views: 5 });

const pageOf = (items: FavoriteItem[], total: number): FavoriteListResponse => ({
  items,
  total,
  stats: { total, averageRating: 3, categories: 2, totalViews: 155 },
  categories: [
    { name: "Drame", count: 2 },
    { name: "Polar", count: 1 },
  ],
  nextCursor: null,
});

describe("withoutFavorite", () => {
  it("drops the video and recomputes the tiles and categories when every page is loaded", () => {
    const data: InfiniteData<FavoriteListResponse, string | null> = {
      pages: [pageOf([a, b], 3), pageOf([c], 3)],
      pageParams: [null, "page-2"],
    };
    const next = withoutFavorite(data, "a");
    expect(next?.pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(["b", "c"]);
    expect(next?.pages[0]?.stats).toEqual({ total: 2, averageRating: 2, categories: 2, totalViews: 55 });
    expect(next?.pages[0]?.categories).toEqual([
      { name: "Drame", count: 1 },
      { name: "Polar", count: 1 },
    ]);
  });

  it("keeps the average when some pages are not loaded, and drops an emptied category", () => {
    const data = { pages: [pageOf([c, a], 3)], pageParams: [null] };
    const next = withoutFavorite(withoutFavorite(data, "c"), "a");
    expect(next?.pages[0]?.stats).toEqual({ total: 1, averageRating: 3, categories: 1, totalViews: 50 });
    expect(next?.pages[0]?.categories).toEqual([{ name: "Drame", count: 1 }]);
  });

  it("leaves the list alone for a video it does not hold", () => {
    const data = { pages: [pageOf([a], 1)], pageParams: [null] };
    expect(withoutFavorite(data, "zzz")).toBe(data);
    expect(withoutFavorite(undefined, "a")).toBeUndefined();
  });
});
