import { type ComponentType, lazy, type ReactNode } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import { GatedOutlet, type ScreenHandle } from "./layout/gated-outlet.tsx";
import { RootLayout } from "./layout/root-layout.tsx";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";

/**
 * Every screen is its own lazy chunk, so a first visit downloads only the screen it lands on
 * (DESIGN.md speed budget). The layout's <Suspense> shows the loading screen meanwhile; the
 * session gate fetches the chunk while it waits (layout/gated-outlet.tsx). A chunk already loaded
 * is handed to React at once (a thenable that settles as it is asked): a page the server drew
 * (decision 061) is taken over by the same screen, never by the loading screen in between.
 */
function screen(load: () => Promise<{ default: ComponentType }>): {
  element: ReactNode;
  handle: ScreenHandle;
} {
  let loaded: { default: ComponentType } | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return loading;
  };
  const Screen = lazy(() => {
    const module = loaded;
    if (!module) return preload();
    // React reads a settled thenable on the spot (no suspension).
    // biome-ignore lint/suspicious/noThenProperty: a thenable that settles when asked is the point.
    return { then: (resolve: (m: { default: ComponentType }) => void) => resolve(module) } as Promise<{
      default: ComponentType;
    }>;
  });
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

/** Loads the chunks of the screen at `pathname` (decision 061: before the app takes a drawn page over). */
export function preloadScreen(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.map((match) => (match.route.handle as Partial<ScreenHandle> | undefined)?.preload?.()),
  );
}
