import { Heart } from "lucide-react";
import { CardBadgeButton } from "#web/components/ui/card-badge-button.tsx";
import { libraryText } from "#web/i18n/library.ts";

/**
 * spec §2 Ma liste: the heart badge on each card, which also takes the title out of the list
 * (optimistic, through useToggleFavorite).
 */
export function RemoveFavoriteBadge({ title, onRemove }: { title: string; onRemove: () => void }) {
  return (
    <CardBadgeButton label={libraryText.remove(title)} tone="accent" data-favorite-badge onClick={onRemove}>
      <Heart className="size-[1.05rem] fill-current" aria-hidden="true" />
    </CardBadgeButton>
  );
}
