import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /favorites and /my-list — spec §2 "Favourites / Ma liste". Placeholder until its issue lands. */
export default function FavoritesRoute() {
  return <ComingSoonScreen title={fr.screens.favorites} />;
}
