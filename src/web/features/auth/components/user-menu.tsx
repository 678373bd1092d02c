import { ChevronDown, LogOut } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { SessionUser } from "#contract/auth";
import { accountText } from "#web/i18n/common.ts";
import { useLogout } from "../hooks/use-auth-actions.ts";
import { accountLinksFor } from "./account-links.ts";
import { nextMenuIndex } from "./menu-navigation.ts";
import { UserAvatar, UserIdentity } from "./user-avatar.tsx";

const itemClass =
  "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-[0.95rem] font-medium text-fg/85 " +
  "outline-none transition-colors hover:bg-white/8 hover:text-fg focus-visible:bg-white/10 focus-visible:text-fg " +
  "focus-visible:outline-2 focus-visible:outline-offset-[-2px] [&_svg]:size-[1.1rem] [&_svg]:text-muted";

/**
 * spec §2 Header, signed in: the user menu (username and e-mail, Profil, Ma liste, Historique,
 * Paramètres, Déconnexion). WAI-ARIA menu button: Enter, Space or ↓ open on the first item, ↑ on
 * the last; arrows, Home and End move; Escape closes and gives focus back; Tab or a click outside closes.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const focusOnOpen = useRef<"first" | "last">("first");
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemsRef = useRef<(HTMLElement | null)[]>([]);
  const menuId = useId();
  const buttonId = useId();
  const logout = useLogout();
  const { pathname } = useLocation();
  const links = accountLinksFor(user);
  const itemCount = links.length + 1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const items = itemsRef.current;
    (focusOnOpen.current === "first" ? items[0] : items[itemCount - 1])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, itemCount]);

  const openOn = (where: "first" | "last") => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openOn(event.key === "ArrowDown" ? "first" : "last");
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key === "Tab") {
      close(false);
      return;
    }
    const current = itemsRef.current.indexOf(document.activeElement as HTMLElement);
    const next = nextMenuIndex(event.key, current, itemCount);
    if (next === null) return;
    event.preventDefault();
    itemsRef.current[next]?.focus();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={accountText.menuLabel(user.username)}
        onClick={() => (open ? close(false) : openOn("first"))}
        onKeyDown={onButtonKeyDown}
        className="flex h-10 items-center gap-2 rounded-full py-1 pr-2.5 pl-1 text-fg/90 transition-colors hover:bg-white/10 hover:text-fg aria-expanded:bg-white/10"
      >
        <UserAvatar user={user} />
        <span className="hidden max-w-36 truncate text-sm font-semibold lg:block">{user.username}</span>
        <ChevronDown
          aria-hidden="true"
          className={`size-4 text-muted transition-transform duration-200 ${open ? "rotate-180" : ""}`}
        />
      </button>

      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: keys bubble up from the menu items
        <div
          onKeyDown={onMenuKeyDown}
          className="absolute top-[calc(100%+0.6rem)] right-0 w-80 max-w-[calc(100vw-2.5rem)] origin-top-right animate-fade-in rounded-2xl border border-white/10 bg-surface-2/97 p-1.5 shadow-[0_24px_60px_-20px_rgb(0_0_0/0.95)] backdrop-blur-xl"
        >
          <UserIdentity user={user} className="pt-2.5" />
          <div className="mx-1.5 mb-1.5 h-px bg-white/8" />
          <div id={menuId} role="menu" aria-labelledby={buttonId} className="flex flex-col gap-0.5">
            {links.map((link, index) => (
              <Link
                key={link.to}
                ref={(el) => {
                  itemsRef.current[index] = el;
                }}
                to={link.to}
                role="menuitem"
                tabIndex={-1}
                onClick={() => close(false)}
                className={itemClass}
              >
                <link.icon aria-hidden="true" />
                {link.label}
              </Link>
            ))}
            <hr className="mx-1.5 my-1 border-white/8" />
            <button
              ref={(el) => {
                itemsRef.current[links.length] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(false);
                void logout();
              }}
              className={itemClass}
            >
              <LogOut aria-hidden="true" />
              {accountText.logout}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
