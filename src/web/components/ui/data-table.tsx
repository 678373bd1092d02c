import { type ReactNode, type RefObject, useEffect, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The focus went elsewhere on the page: not inside `root`, and not into a confirmation dialog
 * (which gives it back when it closes). Leaving for nothing (the focused element removed) is not
 * « elsewhere ».
 */
export function focusLeft(root: HTMLElement, event: FocusEvent): boolean {
  const next = event.relatedTarget;
  return next instanceof Node && !root.contains(next) && !(next instanceof Element && next.closest("dialog"));
}

/**
 * A row that goes (deleted after its « Supprimer », its dialog closed) takes the focus with it, and
 * the keyboard was back at the page's top: the focus goes to the same control of the row that takes
 * its place (or of the new last row), so that the next deletion is one key away.
 */
function useFocusOutlivesRows(ref: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let last: { row: number; control: number; el: HTMLElement } | null = null;
    // The table and the cards are both drawn, one hidden: the rows shown now.
    const rows = () =>
      Array.from(root.querySelectorAll<HTMLElement>("[data-row]")).filter(
        (r) => r.getClientRects().length > 0,
      );
    const controls = (row: HTMLElement) => Array.from(row.querySelectorAll<HTMLElement>(FOCUSABLE));
    const onFocusIn = (event: FocusEvent) => {
      const el = event.target as HTMLElement;
      const row = el.closest<HTMLElement>("[data-row]");
      last = row ? { row: rows().indexOf(row), control: controls(row).indexOf(el), el } : null;
    };
    // The focus gone elsewhere on the page (not into a confirmation dialog, which gives it back):
    // a row removed later is no business of the keyboard's.
    const onFocusOut = (event: FocusEvent) => {
      if (focusLeft(root, event)) last = null;
    };
    root.addEventListener("focusin", onFocusIn);
    root.addEventListener("focusout", onFocusOut);
    const observer = new MutationObserver(() => {
      if (!last || last.el.isConnected) return;
      const gone = last;
      last = null;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const shown = rows();
      const row = shown[Math.min(gone.row, shown.length - 1)];
      if (!row) return;
      const list = controls(row);
      (list[gone.control] ?? list[0])?.focus({ preventScroll: false });
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      root.removeEventListener("focusin", onFocusIn);
      root.removeEventListener("focusout", onFocusOut);
      observer.disconnect();
    };
  }, [ref]);
}

/**
 * One column of a DataTable: its header, what a row shows in it, and its place in the phone card
 * (`title` on top, `media` beside it, `actions` at the bottom, `field` as a labelled line — the
 * default —, `none` not shown on phones).
 */
export interface Column<R> {
  key: string;
  header: string;
  cell: (row: R) => ReactNode;
  /** Classes of the column's cells in the table (widths, alignment). */
  className?: string;
  card?: "title" | "media" | "actions" | "field" | "none";
  /** The header is read by screen readers only (a thumbnail's, the actions'). */
  headerHidden?: boolean;
}

export interface RowSelection<R> {
  selected: ReadonlySet<string>;
  onToggle: (row: R) => void;
  onToggleAll: (select: boolean) => void;
  /** The accessible name of a row's checkbox ("Sélectionner « Titre »"). */
  label: (row: R) => string;
  allLabel: string;
  /** Whether a row can take part in the bulk actions (its checkbox disabled when not). */
  selectable: (row: R) => boolean;
}

/**
 * A table of an administration tab (decision 015: usable at 390 px — a table never widens the page):
 * from the md breakpoint, a real <table> with its caption and headers, which scrolls inside its
 * own box if it must; below it, the same rows as a list of cards (title and picture on top, each
 * other column as a labelled line, the actions at the bottom). One of the two is shown; the other
 * is display:none (out of the accessibility tree and the tab order).
 */
export function DataTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  selection,
}: {
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  selection?: RowSelection<R> | undefined;
}) {
  const selectableRows = selection ? rows.filter((r) => selection.selectable(r)) : [];
  const allSelected =
    selection !== undefined &&
    selectableRows.length > 0 &&
    selectableRows.every((r) => selection.selected.has(rowKey(r)));
  const checkbox = (row: R) =>
    selection && (
      <input
        type="checkbox"
        className="size-4 accent-[var(--color-accent)] disabled:opacity-40"
        checked={selection.selected.has(rowKey(row))}
        disabled={!selection.selectable(row)}
        onChange={() => selection.onToggle(row)}
        aria-label={selection.label(row)}
      />
    );
  const pick = (place: NonNullable<Column<R>["card"]>) =>
    columns.filter((c) => (c.card ?? "field") === place);
  const ref = useRef<HTMLDivElement>(null);
  useFocusOutlivesRows(ref);

  return (
    <div ref={ref} className="contents">
      {/* relative: the cells' visually hidden labels (absolute) stay inside this scroller instead of
          widening the page at tablet widths. */}
      <div className="relative hidden overflow-x-auto rounded-2xl border border-line bg-surface/70 md:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line text-xs tracking-wide text-muted uppercase">
            <tr>
              {selection && (
                <th scope="col" className="w-10 px-4 py-3">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--color-accent)]"
                    checked={allSelected}
                    disabled={selectableRows.length === 0}
                    onChange={(e) => selection.onToggleAll(e.target.checked)}
                    aria-label={selection.allLabel}
                  />
                </th>
              )}
              {columns.map((c) => (
                <th key={c.key} scope="col" className={`px-4 py-3 font-semibold ${c.className ?? ""}`}>
                  {c.headerHidden ? <span className="sr-only">{c.header}</span> : c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                data-row=""
                className="border-b border-line/70 last:border-b-0 hover:bg-white/3"
              >
                {selection && <td className="px-4 py-3">{checkbox(row)}</td>}
                {columns.map((c) => (
                  <td key={c.key} className={`px-4 py-3 align-middle ${c.className ?? ""}`}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={caption} className="flex flex-col gap-3 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} data-row="" className="rounded-2xl border border-line bg-surface/70 p-4">
            <div className="flex items-start gap-3">
              {selection && <div className="pt-1">{checkbox(row)}</div>}
              {pick("media").map((c) => (
                <div key={c.key} className="shrink-0">
                  {c.cell(row)}
                </div>
              ))}
              <div className="min-w-0 flex-1 font-semibold wrap-anywhere">
                {pick("title").map((c) => (
                  <div key={c.key}>{c.cell(row)}</div>
                ))}
              </div>
            </div>
            {pick("field").length > 0 && (
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
                {pick("field").map((c) => (
                  <div key={c.key} className="contents">
                    <dt className="text-muted">{c.header}</dt>
                    <dd className="min-w-0 wrap-anywhere">{c.cell(row)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {pick("actions").map((c) => {
              // A row with no action for its state (a refunded payment) gets no empty bar.
              const cell = c.cell(row);
              return cell === null || cell === undefined || cell === false ? null : (
                <div key={c.key} className="mt-3 flex flex-wrap gap-2 border-t border-line/70 pt-3">
                  {cell}
                </div>
              );
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
