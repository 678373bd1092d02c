import { ComingSoonScreen } from "#web/components/ui/coming-soon-screen.tsx";
import { fr } from "#web/i18n/fr.ts";

/** /top-rated — spec §2 "Top-rated". Placeholder until its issue lands. */
export default function TopRatedRoute() {
  return <ComingSoonScreen title={fr.screens.topRated} />;
}
