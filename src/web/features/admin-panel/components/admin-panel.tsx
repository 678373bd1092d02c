import type { LucideIcon } from "lucide-react";
import { type KeyboardEvent, type ReactNode, Suspense, useEffect, useId, useRef } from "react";
import { useSearchParams } from "react-router";
import { Spinner } from "#web/components/ui/spinner.tsx";

/**
 * One tab of the administration (spec §2 Admin panel: Vidéos, Catégories, Utilisateurs,
 * Notifications, Statistiques; decision 015: En cours, Journal, and what later work adds, such as
 * Paiements). The screen (app/routes/admin.tsx) lists them; `render` draws the panel (lazily
 * loaded panels suspend; a spinner stands in).
 */
export interface AdminTab {
  id: string;
  label: string;
  icon: LucideIcon;
  render: () => ReactNode;
}

/**
 * The panel's frame: its title, the header (the spec's cards), the tools, and the tabs — a
 * WAI-ARIA tab list (← → Home End move and open a tab; the open tab is in the address, `?tab=`,
 * so a reload or a shared link opens it again). On a phone the tab list scrolls inside its own
 * strip; the page never widens.
 */
export function AdminPanel({
  title,
  tabsLabel,
  tabs,
  header,
  tools,
}: {
  title: string;
  tabsLabel: string;
  tabs: readonly AdminTab[];
  header: ReactNode;
  tools: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((t) => t.id === params.get("tab")) ?? tabs[0];
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  // On a phone the tab list is wider than the screen: the open tab (from a link, a reload, the
  // arrow keys) is brought into its strip, centred, without scrolling the page itself.
  const currentId = current?.id;
  useEffect(() => {
    const tab = currentId ? refs.current[currentId] : null;
    const strip = tab?.parentElement;
    if (!tab || !strip || strip.scrollWidth <= strip.clientWidth) return;
    const left = tab.offsetLeft - strip.offsetLeft;
    if (left >= strip.scrollLeft && left + tab.offsetWidth <= strip.scrollLeft + strip.clientWidth) return;
    strip.scrollLeft = left - (strip.clientWidth - tab.offsetWidth) / 2;
  }, [currentId]);

  const open = (id: string, focus = false) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set("tab", id);
        return next;
      },
      { replace: true },
    );
    if (focus) refs.current[id]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === current?.id);
    const last = tabs.length - 1;
    const to =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    const tab = tabs[to];
    if (tab) open(tab.id, true);
  };

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        <div className="flex flex-wrap gap-2">{tools}</div>
      </div>
      <div className="mt-6">{header}</div>
      <div
        data-sticky-tabs
        className="sticky top-16 z-10 -mx-5 mt-8 border-b border-line bg-bg/95 px-5 backdrop-blur sm:mx-0 sm:px-0 lg:top-[4.5rem]"
      >
        <div
          role="tablist"
          aria-label={tabsLabel}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          className="flex gap-1 overflow-x-auto overscroll-x-contain [scrollbar-width:thin]"
        >
          {tabs.map((tab) => {
            const selected = tab.id === current?.id;
            return (
              <button
                key={tab.id}
                ref={(el) => {
                  refs.current[tab.id] = el;
                }}
                type="button"
                role="tab"
                id={`${base}-tab-${tab.id}`}
                aria-selected={selected}
                aria-controls={`${base}-panel-${tab.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => open(tab.id)}
                className={`relative flex shrink-0 items-center gap-2 px-3 py-3 text-sm font-semibold whitespace-nowrap transition-colors after:absolute after:inset-x-2 after:bottom-0 after:h-0.5 after:rounded-full after:bg-accent after:transition-transform sm:px-4 sm:text-[0.95rem] ${
                  selected ? "text-fg after:scale-x-100" : "text-muted hover:text-fg after:scale-x-0"
                }`}
              >
                <tab.icon className="size-4" aria-hidden="true" />
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${base}-panel-${current.id}`}
          aria-labelledby={`${base}-tab-${current.id}`}
          className="mt-6 min-h-[50vh]"
        >
          <Suspense
            fallback={
              <div className="grid place-items-center py-20">
                <Spinner />
              </div>
            }
          >
            {current.render()}
          </Suspense>
        </div>
      )}
    </>
  );
}
