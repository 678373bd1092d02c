import { Compass, House, Search } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { commonText } from "#web/i18n/common.ts";
import { errorPageText, notFoundText } from "#web/i18n/errors.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { StatusLayout } from "./status-layout.tsx";

/** spec §2: /404 and any other path — code 404, 'Page non trouvée', links to / and /search. */
export function NotFoundScreen() {
  const t = notFoundText;
  useDocumentTitle(t.title);
  return (
    <StatusLayout
      icon={Compass}
      badge={t.code}
      badgeLabel={errorPageText.codeLabel}
      title={t.title}
      description={t.description}
    >
      <div className="mt-9 flex flex-wrap items-center justify-center gap-3">
        <Link to="/" className={buttonStyles()}>
          <House aria-hidden="true" />
          {commonText.backHome}
        </Link>
        <Link to="/search" className={buttonStyles({ variant: "secondary" })}>
          <Search aria-hidden="true" />
          {t.search}
        </Link>
      </div>
    </StatusLayout>
  );
}
