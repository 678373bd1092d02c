import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ToasterHost } from "#web/components/ui/toaster-host.tsx";
import { queryClient } from "./query-client.ts";

/**
 * What wraps every screen. The server draws a first screen inside the same (entry-server.tsx, with
 * its own client): React's generated ids follow the tree's shape, so both sides must share it for
 * the app to take the drawn markup over with the ids it holds.
 */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}
