import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /categories — spec §2 "Categories page". Placeholder until its issue lands. */
export default function CategoriesRoute() {
  return <ComingSoonScreen title={fr.screens.categories} />;
}
