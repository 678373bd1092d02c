import { Heart } from "lucide-react";
import { fr } from "#web/i18n/fr.ts";

/**
 * spec §2 Ma liste: the heart badge on each card, which also takes the title out of the list
 * (optimistic, through useToggleFavorite). It sits above the card's full-size link.
 */
export function RemoveFavoriteBadge({ title, onRemove }: { title: string; onRemove: () => void }) {
  const label = fr.library.remove(title);
  return (
    <button
      type="button"
      data-favorite-badge
      aria-label={label}
      title={label}
      onClick={onRemove}
      className="absolute top-2 right-2 z-20 grid size-9 place-items-center rounded-full bg-black/65 text-accent shadow-lg ring-1 ring-white/15 backdrop-blur-md transition-[background-color,transform] hover:bg-black/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent motion-safe:active:scale-90"
    >
      <Heart className="size-[1.05rem] fill-current" aria-hidden="true" />
    </button>
  );
}
