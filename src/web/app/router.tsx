import type { ComponentType, ReactNode } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import { opensInfoView } from "#web/lib/info-link.ts";
import { preloadable } from "#web/lib/preloadable.ts";
import { GatedOutlet, type ScreenHandle } from "./layout/gated-outlet.tsx";
import { preloadInfoView } from "./layout/info-modal-host.tsx";
import { RootLayout } from "./layout/root-layout.tsx";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";

/**
 * Every screen is its own lazy chunk, so a first visit downloads only the screen it lands on
 * (DESIGN.md speed budget). The layout's <Suspense> shows the loading screen meanwhile; the
 * session gate fetches the chunk while it waits (layout/gated-outlet.tsx). A chunk already loaded
 * is handed to React at once (lib/preloadable.ts): a page the server drew (decision 061) is taken
 * over by the same screen, never by the loading screen in between.
 */
function screen(load: () => Promise<{ default: ComponentType }>): {
  element: ReactNode;
  handle: ScreenHandle;
} {
  const { Component: Screen, preload } = preloadable(load);
  return { element: <Screen />, handle: { preload } };
}

/** spec §2 route table. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          {
            // spec §2: "The gate on the subscription, payment and main-app routes".
            element: <GatedOutlet />,
            children: [
              { index: true, ...screen(() => import("./routes/home.tsx")) },
              { path: "series", ...screen(() => import("./routes/series.tsx")) },
              { path: "movies", ...screen(() => import("./routes/movies.tsx")) },
              { path: "browse", ...screen(() => import("./routes/browse.tsx")) },
              { path: "search", ...screen(() => import("./routes/search.tsx")) },
              { path: "categories", ...screen(() => import("./routes/categories.tsx")) },
              { path: "top-rated", ...screen(() => import("./routes/top-rated.tsx")) },
              { path: "video/:id", ...screen(() => import("./routes/video.tsx")) },
              { path: "info/:id", ...screen(() => import("./routes/info.tsx")) },
              { path: "favorites", ...screen(() => import("./routes/favorites.tsx")) },
              { path: "my-list", ...screen(() => import("./routes/favorites.tsx")) },
              { path: "history", ...screen(() => import("./routes/history.tsx")) },
              { path: "profile", ...screen(() => import("./routes/profile.tsx")) },
              { path: "settings", ...screen(() => import("./routes/settings.tsx")) },
              { path: "admin/settings", ...screen(() => import("./routes/admin-settings.tsx")) },
              { path: "admin", ...screen(() => import("./routes/admin.tsx")) },
              { path: "subscription", ...screen(() => import("./routes/subscription.tsx")) },
              {
                path: "subscription/success",
                ...screen(() => import("./routes/subscription-success.tsx")),
              },
              {
                path: "subscription/cancel",
                ...screen(() => import("./routes/subscription-cancel.tsx")),
              },
              {
                path: "payment/demo/:paymentId",
                ...screen(() => import("./routes/payment-demo.tsx")),
              },
              {
                path: "payment/paysafecard",
                ...screen(() => import("./routes/payment-paysafecard.tsx")),
              },
              {
                path: "payment/crypto",
                ...screen(() => import("./routes/payment-crypto.tsx")),
              },
            ],
          },
          { path: "login", ...screen(() => import("./routes/login.tsx")) },
          { path: "register", ...screen(() => import("./routes/register.tsx")) },
          { path: "reset", ...screen(() => import("./routes/reset.tsx")) },
          { path: "reset-password", ...screen(() => import("./routes/reset-password.tsx")) },
          { path: "error/:errorCode", ...screen(() => import("./routes/error.tsx")) },
          { path: "404", ...screen(() => import("./routes/not-found.tsx")) },
          { path: "*", ...screen(() => import("./routes/not-found.tsx")) },
        ],
      },
    ],
  },
];

/**
 * Loads the chunks of the screen at this address, and the info view's when the address opens one
 * (`?info={id}`, drawn over the screen by layout/info-modal-host.tsx): decision 061, before the app
 * takes a drawn page over, so that every part of it is taken over in the same pass.
 */
export function preloadScreen(pathname: string, search = ""): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const loads: Promise<unknown>[] = matches.map((match) =>
    Promise.resolve((match.route.handle as Partial<ScreenHandle> | undefined)?.preload?.()),
  );
  if (opensInfoView(pathname, search)) loads.push(preloadInfoView());
  return Promise.all(loads);
}
