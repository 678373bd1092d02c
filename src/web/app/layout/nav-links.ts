import { fr } from "#web/i18n/fr.ts";

/** spec §2 Header: the links every visitor sees. */
export const primaryLinks = [
  { to: "/", label: fr.nav.home, end: true },
  { to: "/series", label: fr.nav.series, end: false },
  { to: "/movies", label: fr.nav.movies, end: false },
  { to: "/browse", label: fr.nav.browse, end: false },
] as const;

/** spec §2 Header: 'Ma liste' joins them once signed in. */
export const memberLinks = [...primaryLinks, { to: "/my-list", label: fr.nav.myList, end: false }] as const;

export const navLinksFor = (signedIn: boolean) => (signedIn ? memberLinks : primaryLinks);

/** spec §2 Header: on /login and /register the nav is hidden, only the brand stays. */
export const isAuthScreen = (pathname: string) => /^\/(login|register)\/?$/.test(pathname);
