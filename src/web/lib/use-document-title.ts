import { useEffect } from "react";
import { metaText } from "#web/i18n/common.ts";

/** Each screen names the tab it is in (WCAG 2.4.2). */
export function useDocumentTitle(screen: string | undefined): void {
  useEffect(() => {
    document.title = screen ? metaText.pageTitle(screen) : metaText.defaultTitle;
  }, [screen]);
}
