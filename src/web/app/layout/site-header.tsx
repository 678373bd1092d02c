import { Link, NavLink, useLocation } from "react-router";
import { BrandWordmark } from "#web/components/ui/brand-wordmark.tsx";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { pageGutter } from "#web/components/ui/layout.ts";
import { fr } from "#web/i18n/fr.ts";
import { isDesktopApp } from "#web/lib/desktop.ts";
import { useScrolled } from "#web/lib/use-scrolled.ts";
import { MobileNav } from "./mobile-nav.tsx";
import { isAuthScreen, primaryLinks } from "./nav-links.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `relative rounded-md px-3 py-2 text-[0.95rem] font-medium transition-colors duration-150 after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:rounded-full after:bg-accent after:transition-transform after:duration-200 ${
    isActive ? "text-fg after:scale-x-100" : "text-fg/70 hover:text-fg after:scale-x-0"
  }`;

function BrandLink() {
  return (
    <Link to="/" aria-label={fr.nav.brandHome} className="shrink-0 rounded-lg">
      <BrandWordmark />
    </Link>
  );
}

function PrimaryNav({ className = "" }: { className?: string }) {
  return (
    <nav aria-label={fr.nav.mainLabel} className={className}>
      <ul className="flex items-center gap-1">
        {primaryLinks.map((link) => (
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

/**
 * spec §2 Header, signed-out visitor: fixed bar, see-through over the hero and opaque once the
 * page scrolls; brand, links, Connexion and S'inscrire; a compact menu below md. The desktop app
 * gets the simpler variant (spec §1).
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const scrolled = useScrolled();
  const authScreen = isAuthScreen(pathname);
  const opaque = scrolled || isDesktopApp;

  return (
    <header
      data-opaque={opaque ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-50 border-white/6 transition-[background-color,box-shadow] duration-300 ${
        opaque
          ? "border-b bg-bg/90 shadow-[0_8px_30px_-12px_rgb(0_0_0/0.8)] backdrop-blur-xl"
          : "bg-gradient-to-b from-black/75 via-black/35 to-transparent"
      }`}
    >
      <div className={`${pageGutter} flex h-16 items-center gap-6 lg:h-[4.5rem] lg:gap-10`}>
        <BrandLink />
        {!authScreen &&
          (isDesktopApp ? (
            <PrimaryNav />
          ) : (
            <>
              <PrimaryNav className="hidden md:block" />
              <div className="ml-auto flex items-center gap-2">
                <div className="hidden items-center gap-2 sm:flex">
                  <Link to="/login" className={buttonStyles({ variant: "ghost", size: "sm" })}>
                    {fr.nav.login}
                  </Link>
                  <Link to="/register" className={buttonStyles({ size: "sm" })}>
                    {fr.nav.register}
                  </Link>
                </div>
                <MobileNav />
              </div>
            </>
          ))}
      </div>
    </header>
  );
}
