import { Bell, CheckCheck } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { NotificationItem } from "#contract/notifications";
import { commonText } from "#web/i18n/common.ts";
import { notificationsText } from "#web/i18n/notifications.ts";
import { panelLimit } from "../api/notification-queries.ts";
import { useNotificationStream } from "../hooks/use-notification-stream.ts";
import { useNotifications } from "../hooks/use-notifications.ts";
import { badgeText } from "../lib/badge.ts";
import { relativeTime } from "../lib/relative-time.ts";

/**
 * spec §2 Header, signed in: the bell with its unread badge (« 9+ » above 9) and the panel titled
 * Notifications ('Tout lire' when unread exist, 'Aucune notification' when empty; 10 items, 8 in
 * the desktop app). Clicking an item marks it read. A non-modal popover: Escape or a click outside
 * closes it, Escape gives focus back to the bell. Kept fresh by the realtime stream.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();
  const { pathname } = useLocation();
  const { state, isError, refetch, markRead, readAll } = useNotifications(userId);
  useNotificationStream(userId, panelLimit);

  const unread = state?.unread ?? 0;
  const badge = badgeText(unread);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the panel
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>("button");
    (first ?? panel)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the bell and its panel closes the panel
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        // Tabbing out of the panel closes it, as a click outside does.
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={notificationsText.bellLabel(unread)}
        onClick={() => setOpen((o) => !o)}
        className="relative grid size-11 place-items-center rounded-full text-fg transition-colors hover:bg-white/10 aria-expanded:bg-white/10"
      >
        <Bell className="size-5" aria-hidden="true" />
        {badge && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-accent px-1 text-[0.7rem] leading-none font-bold text-on-accent tabular-nums"
          >
            {badge}
          </span>
        )}
      </button>

      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          onKeyDown={onPanelKeyDown}
          className="fixed inset-x-4 top-[4.6rem] origin-top-right sm:absolute sm:inset-x-auto sm:top-[calc(100%+0.6rem)] sm:right-0 sm:w-96 sm:max-w-[calc(100vw-2.5rem)] animate-fade-in rounded-2xl border border-white/10 bg-surface-2/97 p-1.5 shadow-[0_24px_60px_-20px_rgb(0_0_0/0.95)] outline-none backdrop-blur-xl"
        >
          <div className="flex items-center justify-between gap-3 px-3 pt-2 pb-2.5">
            <h2 id={titleId} className="text-lg font-semibold text-fg">
              {notificationsText.title}
            </h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => {
                  // The button goes with the last unread one: the focus stays in the panel.
                  panelRef.current?.focus();
                  readAll();
                }}
                className="flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-accent transition-colors hover:bg-white/8 hover:text-accent-hover"
              >
                <CheckCheck className="size-4" aria-hidden="true" />
                {notificationsText.readAll}
              </button>
            )}
          </div>
          <div className="mx-1.5 mb-1.5 h-px bg-white/8" />
          {isError && !state ? (
            <div className="px-3 py-6 text-center text-sm text-muted">
              <p>{notificationsText.loadError}</p>
              <button
                type="button"
                onClick={() => void refetch()}
                className="mt-2 font-medium text-accent underline-offset-4 hover:underline"
              >
                {commonText.retry}
              </button>
            </div>
          ) : !state ? (
            <p className="px-3 py-6 text-center text-sm text-muted">{commonText.loading}</p>
          ) : state.items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-muted">{notificationsText.empty}</p>
          ) : (
            <ul className="flex max-h-[min(28rem,calc(100vh-8rem))] flex-col gap-0.5 overflow-y-auto">
              {state.items.map((item) => (
                <li key={item.id}>
                  <NotificationRow item={item} onRead={markRead} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function NotificationRow({ item, onRead }: { item: NotificationItem; onRead: (id: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => {
        if (!item.isRead) onRead(item.id);
      }}
      data-read={item.isRead ? "true" : "false"}
      className="flex w-full gap-3 rounded-xl px-3 py-2.5 text-left outline-none transition-colors hover:bg-white/8 focus-visible:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-[-2px]"
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${item.isRead ? "bg-transparent" : "bg-accent"}`}
      />
      <span className="min-w-0 flex-1">
        <span
          className={`block text-[0.95rem] ${item.isRead ? "font-medium text-fg/80" : "font-semibold text-fg"}`}
        >
          {item.title}
          {!item.isRead && <span className="sr-only"> ({notificationsText.unread})</span>}
        </span>
        <span className="mt-0.5 block text-sm [overflow-wrap:anywhere] text-muted">{item.message}</span>
        <time dateTime={item.createdAt} className="mt-1 block text-xs text-subtle">
          {relativeTime(item.createdAt)}
        </time>
      </span>
    </button>
  );
}
