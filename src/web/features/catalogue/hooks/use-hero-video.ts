import { useState } from "react";
import type { VideoSummary } from "#contract/catalogue";

/** spec §2 Home: the hero shows a random video among the first 10 loaded. */
export const HERO_POOL_SIZE = 10;

/** Pure pick: `seed` in [0, 1) chooses among the first HERO_POOL_SIZE items. */
export function pickHeroVideo<T>(items: readonly T[], seed: number): T | undefined {
  const pool = Math.min(items.length, HERO_POOL_SIZE);
  if (pool === 0) return undefined;
  const index = Math.min(Math.floor(Math.abs(seed) * pool), pool - 1);
  return items[index];
}

/** The seed is drawn once per visit of the screen, so refetches do not reshuffle the hero. */
export function useHeroVideo(items: readonly VideoSummary[] | undefined): VideoSummary | undefined {
  const [seed] = useState(Math.random);
  return items ? pickHeroVideo(items, seed) : undefined;
}
