import { useEffect, useState } from "react";
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

/**
 * The hero the page's HTML announced (`<meta name="bobine-hero">`): on a visitor's first load of the
 * home the server draws it among the same first 10 and sends its image along with the page (issue
 * 14: the phone's largest paint), so the app shows that one. Only the screen drawn by that load
 * follows it; later visits of the home draw their own.
 */
let announcedHero: string | undefined =
  typeof document === "undefined"
    ? undefined
    : (document.querySelector<HTMLMetaElement>('meta[name="bobine-hero"]')?.content ?? undefined);

/** On the server (entry-server.tsx): the seed of the page being drawn, and the hero it drew. */
let announcedSeed: number | undefined;
let drawnHero: string | undefined;

/**
 * The hero the server draws a page with (entry-server.tsx): the home's, which its page names, or
 * a seed for a screen whose hero only the render knows (Films, Séries); heroDrawn() tells which
 * hero that render drew, for the page to name it.
 */
export function announceHero(id: string | undefined, seed?: number): void {
  announcedHero = id;
  announcedSeed = seed;
  drawnHero = undefined;
}

export const heroDrawn = (): string | undefined => drawnHero;

/** The seed is drawn once per visit of the screen, so refetches do not reshuffle the hero. */
export function useHeroVideo(items: readonly VideoSummary[] | undefined): VideoSummary | undefined {
  const [seed] = useState(() => announcedSeed ?? Math.random());
  const [announced] = useState(() => announcedHero);
  useEffect(() => {
    announcedHero = undefined;
  }, []);
  if (!items) return undefined;
  const chosen = announced
    ? items.slice(0, HERO_POOL_SIZE).find((video) => video.id === announced)
    : undefined;
  const hero = chosen ?? pickHeroVideo(items, seed);
  if (typeof document === "undefined") drawnHero = hero?.id;
  return hero;
}
