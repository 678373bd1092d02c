import { errorPageText } from "#web/i18n/errors.ts";

/** spec §8 "Error page codes": the codes /error/{errorCode} knows, with the badge each shows. */
export const errorPageBadges = {
  VIDEO_NOT_FOUND: "404",
  ACCESS_DENIED: "403",
  CONNECTION_TIMEOUT: "408",
  NETWORK_ERROR: "NET",
  RATE_LIMITED: "429",
  TOO_MANY_STREAMS: "STREAM",
  UNKNOWN_ERROR: "500",
} as const satisfies Record<keyof typeof errorPageText.codes, string>;

export type ErrorPageCode = keyof typeof errorPageBadges;

export interface ErrorPage {
  code: ErrorPageCode;
  badge: string;
  title: string;
  description: string;
}

const isErrorPageCode = (code: string): code is ErrorPageCode => Object.hasOwn(errorPageBadges, code);

/** spec §2: an unknown (or missing) code means the unknown error. */
export function resolveErrorPage(code: string | undefined): ErrorPage {
  const known: ErrorPageCode = code !== undefined && isErrorPageCode(code) ? code : "UNKNOWN_ERROR";
  return { code: known, badge: errorPageBadges[known], ...errorPageText.codes[known] };
}
