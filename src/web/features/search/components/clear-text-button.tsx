import { X } from "lucide-react";
import { discoveryText } from "#web/i18n/search.ts";

/** The × inside a search box that empties it ('Effacer la recherche'); `className` sizes and places it. */
export function ClearTextButton({ onClear, className }: { onClear: () => void; className: string }) {
  return (
    <button
      type="button"
      aria-label={discoveryText.clearQuery}
      onClick={onClear}
      className={`absolute top-1/2 grid -translate-y-1/2 place-items-center rounded-full text-muted hover:bg-white/10 hover:text-fg ${className}`}
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  );
}
