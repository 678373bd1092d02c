import { useEffect } from "react";
import { metaText } from "#web/i18n/common.ts";

/** On the server (entry-server.tsx): the title the screen being drawn gives its tab. */
let drawnTitle: string | undefined;

/** The title the last screen drawn on the server asked for (its page's <title>), then forgotten. */
export function takeDrawnTitle(): string | undefined {
  const title = drawnTitle;
  drawnTitle = undefined;
  return title;
}

/**
 * Each screen names the tab it is in (WCAG 2.4.2). A page the server draws (decision 061) carries
 * that name in its <title> from the start, instead of the app's until the app has taken it over.
 */
export function useDocumentTitle(screen: string | undefined): void {
  const title = screen ? metaText.pageTitle(screen) : metaText.defaultTitle;
  if (typeof document === "undefined") drawnTitle = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
