import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorScreen } from "#web/features/errors/components/error-screen.tsx";
import { NotFoundScreen } from "#web/features/errors/components/not-found-screen.tsx";

/** A screen's chunk that cannot be fetched (offline, or replaced by a deploy). */
const isChunkLoadError = (error: unknown) =>
  error instanceof TypeError &&
  /dynamically imported module|module script|Importing a module/i.test(error.message);

/** Whatever a screen throws ends here, inside the layout, with the error page of spec §2. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  console.error(error);
  return <ErrorScreen code={isChunkLoadError(error) ? "NETWORK_ERROR" : "UNKNOWN_ERROR"} />;
}
