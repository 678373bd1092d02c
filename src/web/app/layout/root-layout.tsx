import { Suspense } from "react";
import { Outlet, ScrollRestoration, useLocation, useMatch } from "react-router";
import { LoadingScreen } from "#web/components/ui/loading-gate.tsx";
import { navText } from "#web/i18n/common.ts";
import { opensInfoView } from "#web/lib/info-link.ts";
import { useFollowDeviceTheme } from "#web/lib/theme.ts";
import { usePageFocus } from "#web/lib/use-page-focus.ts";
import { InfoModalHost } from "./info-modal-host.tsx";
import { SiteHeader } from "./site-header.tsx";

/** Landmarks (DESIGN.md): skip link, header with nav, main #contenu holding the screen. */
export function RootLayout() {
  // spec §2 Header: hidden on the player page.
  const onPlayer = useMatch("/video/:id") !== null;
  useFollowDeviceTheme();
  usePageFocus();
  // A page that opens on a title's info (a shared `?info=` link) draws the screen behind the modal
  // once the address changes (the modal closed, another title opened): the modal covers a phone
  // whole, and the screen nobody sees behind it cost that first load its longest tasks and, with
  // a poster under the modal, its largest paint (issue 14). Its data and chunks still load with
  // the page, so it shows at once when the modal closes.
  const location = useLocation();
  const behindModal = location.key === "default" && opensInfoView(location.pathname, location.search);

  return (
    <>
      <a
        href="#contenu"
        className="fixed top-3 left-3 z-[100] -translate-y-20 rounded-full bg-accent px-5 py-2.5 font-semibold text-on-accent shadow-lg transition-transform focus-visible:translate-y-0"
      >
        {navText.skipToContent}
      </a>
      {!onPlayer && <SiteHeader />}
      <main id="contenu" tabIndex={-1} className="min-h-dvh">
        {!behindModal && (
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      {!onPlayer && <InfoModalHost />}
      <ScrollRestoration />
    </>
  );
}
