import { RouterProvider } from "react-router/dom";
import { sessionOptions } from "#web/lib/session/session-query.ts";
import { Providers } from "./providers.tsx";
import { queryClient } from "./query-client.ts";
import { router } from "./router.tsx";

// spec §4: the session is loaded at start. Asked before the first render, it does not wait for it.
void queryClient.prefetchQuery(sessionOptions);

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
