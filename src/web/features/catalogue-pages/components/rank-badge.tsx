import { topRatedText } from "#web/i18n/catalogue-pages.ts";

/** Gold, silver and bronze, each with dark figures that keep at least 7:1 contrast. */
const medals = [
  "bg-[linear-gradient(145deg,#fde68a,#e8b13a)] text-[#2d1f00] ring-[#fff3c4]/60",
  "bg-[linear-gradient(145deg,#f1f4f8,#b9c2ce)] text-[#1b222c] ring-white/60",
  "bg-[linear-gradient(145deg,#f0b483,#c07536)] text-[#2a1200] ring-[#ffd9b8]/50",
] as const;

/**
 * spec §2 Top-rated: the rank badge of the first three, named « N° 1 » for screen readers. It sits
 * over the poster's top-right corner and lets clicks through to the card.
 */
export function RankBadge({ rank, className = "" }: { rank: number; className?: string }) {
  const medal = medals[rank - 1];
  if (!medal) return null;
  return (
    <span
      role="img"
      aria-label={topRatedText.rank(rank)}
      className={`pointer-events-none grid size-10 place-items-center rounded-full text-lg font-black tabular-nums shadow-[0_6px_18px_rgb(0_0_0/0.55)] ring-2 ${medal} ${className}`}
    >
      {rank}
    </span>
  );
}
