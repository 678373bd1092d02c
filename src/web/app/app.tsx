import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { sessionOptions } from "#web/lib/session/session-query.ts";
import { Providers } from "./providers.tsx";
import { queryClient, startedFromDrawnPage } from "./query-client.ts";
import { routes } from "./router.tsx";
import { TakeOver } from "./take-over.tsx";

// A page the server drew (decision 061) is taken over where the reader is: as on any hydrated page,
// the router does not reset the scroll on its first render (`hydrationData`; there are no loaders
// to hydrate). Without it, a visitor who scrolled before the app took over was sent back to the
// top, and the rails they had scrolled to stayed undrawn (they draw when near the viewport).
const router = createBrowserRouter(routes, startedFromDrawnPage ? { hydrationData: {} } : undefined);

// spec §4: the session is loaded at start. Asked before the first render, it does not wait for it.
void queryClient.prefetchQuery(sessionOptions);

export function App() {
  return (
    <Providers>
      <TakeOver drawn={startedFromDrawnPage}>
        <RouterProvider router={router} />
      </TakeOver>
    </Providers>
  );
}
