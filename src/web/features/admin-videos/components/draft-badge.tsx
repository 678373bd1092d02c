import { videoFormText } from "#web/i18n/admin.ts";

/** « Brouillon »: a video members do not see yet (docs/decisions/052-drafts.md). */
export function DraftBadge({ className = "" }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border border-amber-300/50 bg-amber-300/10 px-2 py-0.5 text-xs font-semibold text-amber-200 ${className}`}
    >
      {videoFormText.draftBadge}
    </span>
  );
}
