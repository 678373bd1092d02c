import { X } from "lucide-react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { discoveryText } from "#web/i18n/search.ts";

/** The empty state's way forward on /search and /browse: forget the typed query. */
export function ClearQueryButton({ onClear }: { onClear: () => void }) {
  return (
    <button type="button" className={buttonStyles({ variant: "outline" })} onClick={onClear}>
      <X aria-hidden="true" />
      {discoveryText.clearQuery}
    </button>
  );
}
