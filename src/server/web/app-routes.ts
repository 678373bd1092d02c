/**
 * The addresses the web app answers (web/app/router.tsx, checked by app-routes.test.ts): any other
 * address is its « Page non trouvée », which the server sends with the status it means, 404, so a
 * crawler, a link checker or a monitor is not told a missing page exists. A title's address with an
 * unknown id is the app's to judge (« Vidéo non trouvée »): it stays 200. Case does not matter, as
 * for the app's router (« /Browse » is the Explorer).
 */
const APP_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/(series|movies|browse|search|categories|top-rated|favorites|my-list|history|profile|settings)\/?$/i,
  /^\/(admin|admin\/settings|subscription|subscription\/success|subscription\/cancel)\/?$/i,
  /^\/(payment\/paysafecard|payment\/crypto|login|register|reset|reset-password)\/?$/i,
  /^\/(video|info|error|payment\/demo)\/[^/]+\/?$/i,
];

export const isAppRoute = (pathname: string): boolean => APP_ROUTES.some((route) => route.test(pathname));

/**
 * A request for a file rather than a page: the build's assets, or a name with an extension (a
 * stale chunk after a deploy, robots.txt, a favicon). Answered 404 when no such file exists, never
 * with the app's page: a script answered with HTML fails as a « MIME type » error instead.
 */
export const isFileAddress = (pathname: string): boolean =>
  pathname.startsWith("/assets/") || /\/[^/]*\.[a-z0-9]{1,12}$/i.test(pathname);

/**
 * A request for a stored image (/media/…) or a file (isFileAddress), not for the API: what is
 * missing there is « Fichier introuvable » (the not-found handler, and the error handler for what
 * @fastify/static refuses).
 */
export function isFileRequest(url: string): boolean {
  const pathname = url.split("?")[0] ?? "/";
  return pathname.startsWith("/media/") || (!pathname.startsWith("/api/") && isFileAddress(pathname));
}
