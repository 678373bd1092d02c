import { Search } from "lucide-react";
import { Link, NavLink, useLocation } from "react-router";
import type { SessionUser } from "#contract/auth";
import { BrandWordmark } from "#web/components/ui/brand-wordmark.tsx";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { pageGutter } from "#web/components/ui/layout.ts";
import { UserMenu } from "#web/features/auth/components/user-menu.tsx";
import { NotificationBell } from "#web/features/notifications/components/notification-bell.tsx";
import { HeaderSearch } from "#web/features/search/components/header-search.tsx";
import { navText } from "#web/i18n/common.ts";
import { discoveryText } from "#web/i18n/search.ts";
import { isDesktopApp } from "#web/lib/desktop.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { useScrolled } from "#web/lib/use-scrolled.ts";
import { MobileNav } from "./mobile-nav.tsx";
import { isAuthScreen, navLinksFor } from "./nav-links.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `relative rounded-md px-2 py-2 text-[0.95rem] font-medium whitespace-nowrap transition-colors duration-150 after:absolute after:inset-x-2 after:-bottom-0.5 lg:px-3 lg:after:inset-x-3 after:h-0.5 after:rounded-full after:bg-accent after:transition-transform after:duration-200 ${
    isActive ? "text-fg after:scale-x-100" : "text-fg/70 hover:text-fg after:scale-x-0"
  }`;

function BrandLink() {
  return (
    <Link to="/" aria-label={navText.brandHome} className="shrink-0 rounded-lg">
      <BrandWordmark />
    </Link>
  );
}

function PrimaryNav({ signedIn, className = "" }: { signedIn: boolean; className?: string }) {
  return (
    <nav aria-label={navText.mainLabel} className={className}>
      <ul className="flex items-center gap-1">
        {navLinksFor(signedIn).map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={linkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Signed out: Connexion and S'inscrire. Signed in: the user menu (the search box sits before it; the bell comes later). */
function AccountActions({ user, pending }: { user: SessionUser | null; pending: boolean }) {
  // While the session loads, the visitor's buttons hold their place, unseen and inert: most first
  // loads are a visitor's, whose header then does not move (no layout shift, decision 030).
  if (pending) {
    return (
      <div aria-hidden="true" inert className="invisible hidden items-center gap-2 sm:flex">
        <span className={buttonStyles({ variant: "ghost", size: "sm" })}>{navText.login}</span>
        <span className={buttonStyles({ size: "sm" })}>{navText.register}</span>
      </div>
    );
  }
  if (user) {
    return (
      <div className="hidden sm:block">
        <UserMenu user={user} />
      </div>
    );
  }
  return (
    <div className="hidden items-center gap-2 sm:flex">
      <Link to="/login" className={buttonStyles({ variant: "ghost", size: "sm" })}>
        {navText.login}
      </Link>
      <Link to="/register" className={buttonStyles({ size: "sm" })}>
        {navText.register}
      </Link>
    </div>
  );
}

/**
 * spec §2 Header: fixed bar, see-through over the hero and opaque once the page scrolls; brand,
 * links ('Ma liste' once signed in), Connexion and S'inscrire or the user menu; a compact menu
 * below md. The desktop app gets the simpler variant (spec §1).
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { user, isPending } = useSession();
  const scrolled = useScrolled();
  const authScreen = isAuthScreen(pathname);
  const opaque = scrolled || isDesktopApp;

  return (
    <header
      data-opaque={opaque ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-50 border-white/6 transition-[background-color,box-shadow] duration-300 ${
        opaque
          ? "border-b bg-bg shadow-[0_8px_30px_-12px_rgb(0_0_0/0.8)]"
          : "bg-gradient-to-b from-bg/75 via-bg/35 to-transparent"
      }`}
    >
      <div className={`${pageGutter} flex h-16 items-center gap-4 lg:h-[4.5rem] lg:gap-10`}>
        <BrandLink />
        {!authScreen && (
          <>
            <PrimaryNav signedIn={user !== null} className="hidden md:block" />
            <div className="ml-auto flex items-center gap-2">
              {/* The desktop app's simpler header: no search box (its window has Explorer). */}
              {!isDesktopApp && (
                <>
                  <search className="hidden xl:block">
                    <HeaderSearch />
                  </search>
                  <Link
                    to="/search"
                    aria-label={discoveryText.searchLabel}
                    className="hidden size-10 place-items-center rounded-full text-fg transition-colors hover:bg-white/10 md:grid xl:hidden"
                  >
                    <Search className="size-5" aria-hidden="true" />
                  </Link>
                </>
              )}
              {user && <NotificationBell userId={user.id} />}
              <AccountActions user={user} pending={isPending} />
              <MobileNav user={user} pending={isPending} searchBox={!isDesktopApp} />
            </div>
          </>
        )}
      </div>
    </header>
  );
}
