import { LogOut, Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { SessionUser } from "#contract/auth";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { accountLinksFor } from "#web/features/auth/components/account-links.ts";
import { UserIdentity } from "#web/features/auth/components/user-avatar.tsx";
import { useLogout } from "#web/features/auth/hooks/use-auth-actions.ts";
import { HeaderSearch } from "#web/features/search/components/header-search.tsx";
import { accountText, navText } from "#web/i18n/common.ts";
import { navLinksFor } from "./nav-links.ts";

const accountItemClass =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-base font-medium text-fg/80 transition-colors hover:bg-white/5 hover:text-fg [&_svg]:size-5 [&_svg]:text-muted";

/** spec §2 Header: the user menu's entries, repeated in the compact nav ('Ma liste' is already in its links). */
function AccountSection({ user }: { user: SessionUser }) {
  const logout = useLogout();
  return (
    <section aria-label={accountText.sectionLabel} className="mt-4 border-t border-white/8 pt-4">
      <UserIdentity user={user} />
      <ul className="flex flex-col">
        {accountLinksFor(user)
          .filter((link) => link.to !== "/my-list")
          .map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={accountItemClass}>
                <link.icon aria-hidden="true" />
                {link.label}
              </Link>
            </li>
          ))}
        <li>
          <button type="button" className={accountItemClass} onClick={() => void logout()}>
            <LogOut aria-hidden="true" />
            {accountText.logout}
          </button>
        </li>
      </ul>
    </section>
  );
}

/**
 * The compact nav below md (spec §2: "a compact mobile nav repeats links"): a disclosure button
 * with aria-expanded; Escape, a click outside, the focus leaving it or a navigation closes it.
 */
export function MobileNav({
  user,
  pending,
  searchBox = true,
}: {
  user: SessionUser | null;
  pending: boolean;
  /** The desktop app's simpler header has no search box, here either. */
  searchBox?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A followed link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the path changes
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Tab past its last entry (or Shift+Tab before its button) closes it: the focus never goes on
    // under the open panel to what it hides.
    const root = rootRef.current;
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !root?.contains(next)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    root?.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      root?.removeEventListener("focusout", onFocusOut);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? navText.closeMenu : navText.openMenu}
        onClick={() => setOpen((value) => !value)}
        className="grid size-11 place-items-center rounded-full text-fg transition-colors hover:bg-white/10"
      >
        {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
      </button>

      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-b border-white/8 bg-bg/97 px-5 pt-3 pb-6 shadow-2xl backdrop-blur-xl sm:px-8"
      >
        {searchBox && (
          <search className="mb-3">
            <HeaderSearch variant="panel" />
          </search>
        )}
        <nav aria-label={navText.mobileLabel}>
          <ul className="flex flex-col">
            {navLinksFor(user !== null).map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    `flex items-center gap-3 rounded-lg px-3 py-3 text-lg font-semibold transition-colors ${
                      isActive ? "bg-white/6 text-fg" : "text-fg/75 hover:bg-white/5 hover:text-fg"
                    }`
                  }
                >
                  {({ isActive }) => (
                    <>
                      <span
                        aria-hidden="true"
                        className={`h-5 w-1 rounded-full ${isActive ? "bg-accent" : "bg-transparent"}`}
                      />
                      {link.label}
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {user ? (
          <AccountSection user={user} />
        ) : pending ? null : (
          <div className="mt-4 grid grid-cols-2 gap-3 border-t border-white/8 pt-5">
            <Link to="/login" className={buttonStyles({ variant: "outline" })}>
              {navText.login}
            </Link>
            <Link to="/register" className={buttonStyles()}>
              {navText.register}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
