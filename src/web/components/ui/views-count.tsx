import { Eye } from "lucide-react";
import { videoText } from "#web/i18n/common.ts";
import { formatCompactViews } from "#web/lib/format.ts";

/** Views as K or M next to an eye ("1,2 K", spec §2 cards), read in full ("1,2 K vues") and as a tooltip. */
export function ViewsCount({ views, className = "" }: { views: number; className?: string }) {
  const compact = formatCompactViews(views);
  const full = videoText.views(views, compact);
  return (
    <span className={`inline-flex items-center gap-1 ${className}`} title={full}>
      <Eye className="size-3 shrink-0" aria-hidden="true" />
      <span aria-hidden="true">{compact}</span>
      <span className="sr-only">{full}</span>
    </span>
  );
}
