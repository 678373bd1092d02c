import { type ComponentType, lazy } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { GatedOutlet } from "./layout/gated-outlet.tsx";
import { RootLayout } from "./layout/root-layout.tsx";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";

/**
 * Every screen is its own lazy chunk, so a first visit downloads only the screen it lands on
 * (DESIGN.md speed budget). The layout's <Suspense> shows the loading screen meanwhile.
 */
function screen(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(load);
  return <Screen />;
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
              { index: true, element: screen(() => import("./routes/home.tsx")) },
              { path: "series", element: screen(() => import("./routes/series.tsx")) },
              { path: "movies", element: screen(() => import("./routes/movies.tsx")) },
              { path: "browse", element: screen(() => import("./routes/browse.tsx")) },
              { path: "search", element: screen(() => import("./routes/search.tsx")) },
              { path: "categories", element: screen(() => import("./routes/categories.tsx")) },
              { path: "top-rated", element: screen(() => import("./routes/top-rated.tsx")) },
              { path: "video/:id", element: screen(() => import("./routes/video.tsx")) },
              { path: "info/:id", element: screen(() => import("./routes/info.tsx")) },
              { path: "favorites", element: screen(() => import("./routes/favorites.tsx")) },
              { path: "my-list", element: screen(() => import("./routes/favorites.tsx")) },
              { path: "history", element: screen(() => import("./routes/history.tsx")) },
              { path: "profile", element: screen(() => import("./routes/profile.tsx")) },
              { path: "settings", element: screen(() => import("./routes/settings.tsx")) },
              { path: "admin/settings", element: screen(() => import("./routes/admin-settings.tsx")) },
              { path: "admin", element: screen(() => import("./routes/admin.tsx")) },
              { path: "subscription", element: screen(() => import("./routes/subscription.tsx")) },
              {
                path: "subscription/success",
                element: screen(() => import("./routes/subscription-success.tsx")),
              },
              {
                path: "payment/paysafecard",
                element: screen(() => import("./routes/payment-paysafecard.tsx")),
              },
            ],
          },
          { path: "login", element: screen(() => import("./routes/login.tsx")) },
          { path: "register", element: screen(() => import("./routes/register.tsx")) },
          { path: "reset", element: screen(() => import("./routes/reset.tsx")) },
          { path: "reset-password", element: screen(() => import("./routes/reset-password.tsx")) },
          { path: "error/:errorCode", element: screen(() => import("./routes/error.tsx")) },
          { path: "404", element: screen(() => import("./routes/not-found.tsx")) },
          { path: "*", element: screen(() => import("./routes/not-found.tsx")) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
