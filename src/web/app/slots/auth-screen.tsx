import type { ComponentProps } from "react";
import { AuthShell } from "#web/features/auth/components/auth-shell.tsx";
import { PosterWall } from "#web/features/catalogue/components/poster-wall.tsx";

/** The account screens' frame (auth) with the catalogue's poster wall behind it, as each shows it. */
export function AuthScreen(props: Omit<ComponentProps<typeof AuthShell>, "backdrop">) {
  return <AuthShell {...props} backdrop={<PosterWall />} />;
}
