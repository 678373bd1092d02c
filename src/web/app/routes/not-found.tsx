import { NotFoundScreen } from "#web/features/errors/components/not-found-screen.tsx";

/** /404 and every path no other route takes (spec §2). */
export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
