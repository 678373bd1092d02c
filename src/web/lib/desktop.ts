/**
 * spec §1: the desktop app announces itself with a marker in its user agent; it then gets a
 * simpler header and cards without the hover overlay.
 */
export const DESKTOP_USER_AGENT_MARKER = "BobineDesktop";

export const isDesktopUserAgent = (userAgent: string | undefined | null): boolean =>
  typeof userAgent === "string" && userAgent.includes(DESKTOP_USER_AGENT_MARKER);

/** Read once: the user agent does not change during a visit. */
export const isDesktopApp: boolean =
  typeof navigator !== "undefined" && isDesktopUserAgent(navigator.userAgent);
