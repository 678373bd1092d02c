import { navText } from "#web/i18n/common.ts";

/** spec §2 Header: the links every visitor sees. */
export const primaryLinks = [
  { to: "/", label: navText.home, end: true },
  { to: "/series", label: navText.series, end: false },
  { to: "/movies", label: navText.movies, end: false },
  { to: "/browse", label: navText.browse, end: false },
] as const;

/** spec §2 Header: 'Ma liste' joins them once signed in. */
export const memberLinks = [...primaryLinks, { to: "/my-list", label: navText.myList, end: false }] as const;

export const navLinksFor = (signedIn: boolean) => (signedIn ? memberLinks : primaryLinks);

/** spec §2 Header: on /login and /register the nav is hidden, only the brand stays. */
export const isAuthScreen = (pathname: string) => /^\/(login|register)\/?$/.test(pathname);
