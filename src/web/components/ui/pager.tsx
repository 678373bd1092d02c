import { ChevronLeft, ChevronRight } from "lucide-react";
import { buttonStyles } from "./button-styles.ts";

/**
 * Previous / next pages of a table, with where one is ("Page 2 sur 7"), announced politely when
 * it changes. Hidden when everything fits on one page.
 */
export function Pager({
  offset,
  limit,
  total,
  onOffset,
  texts,
}: {
  offset: number;
  limit: number;
  total: number;
  onOffset: (offset: number) => void;
  texts: { previous: string; next: string; pageOf: (page: number, pages: number) => string };
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(pages, Math.floor(offset / limit) + 1);
  if (pages <= 1) return null;
  return (
    <nav aria-label={texts.pageOf(page, pages)} className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        className={buttonStyles({ variant: "outline", size: "sm" })}
        disabled={page <= 1}
        onClick={() => onOffset(Math.max(0, offset - limit))}
      >
        <ChevronLeft aria-hidden="true" />
        <span className="max-sm:sr-only">{texts.previous}</span>
      </button>
      <p aria-live="polite" className="text-sm text-muted tabular-nums">
        {texts.pageOf(page, pages)}
      </p>
      <button
        type="button"
        className={buttonStyles({ variant: "outline", size: "sm" })}
        disabled={page >= pages}
        onClick={() => onOffset(offset + limit)}
      >
        <span className="max-sm:sr-only">{texts.next}</span>
        <ChevronRight aria-hidden="true" />
      </button>
    </nav>
  );
}
