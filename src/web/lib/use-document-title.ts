import { useEffect } from "react";
import { fr } from "#web/i18n/fr.ts";

/** Each screen names the tab it is in (WCAG 2.4.2). */
export function useDocumentTitle(screen: string | undefined): void {
  useEffect(() => {
    document.title = screen ? fr.meta.pageTitle(screen) : fr.meta.defaultTitle;
  }, [screen]);
}
