import { useQuery } from "@tanstack/react-query";
import { videoListOptions } from "../api/video-queries.ts";

/** The home page's own query: the wall shares its cache, so going home afterwards is instant. */
const WALL_QUERY = { limit: 100 } as const;
const WALL_SIZE = 28;

/**
 * A dimmed, tilted wall of posters behind the account screens: the catalogue seen through the
 * cinema's dark. Purely decorative (hidden from assistive technology); nothing if the catalogue
 * cannot be read.
 */
export function PosterWall() {
  const { data } = useQuery(videoListOptions(WALL_QUERY));
  const posters = (data?.items ?? []).filter((v) => v.thumbnail).slice(0, WALL_SIZE);
  if (posters.length < 6) return null;
  // Repeat a small catalogue until the wall is full.
  const tiles = Array.from({ length: WALL_SIZE }, (_, i) => posters[i % posters.length]);

  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-20 overflow-hidden">
      <div className="absolute top-1/2 left-1/2 grid w-[160vw] max-w-[2600px] -translate-x-1/2 -translate-y-1/2 -rotate-[8deg] grid-cols-5 gap-3 opacity-40 sm:w-[130vw] sm:grid-cols-7 sm:gap-4">
        {tiles.map((video, i) => (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: a small catalogue repeats, the position is the identity
            key={i}
            src={video?.thumbnail ?? undefined}
            alt=""
            width={200}
            height={300}
            loading="lazy"
            decoding="async"
            className="aspect-[2/3] w-full rounded-lg object-cover"
          />
        ))}
      </div>
      <div className="absolute inset-0 bg-bg/70" />
      <div className="absolute inset-0 bg-[radial-gradient(70%_60%_at_50%_45%,color-mix(in_oklab,var(--color-bg)_55%,transparent),var(--color-bg)_95%)]" />
    </div>
  );
}
