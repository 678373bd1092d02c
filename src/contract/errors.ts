import { z } from "zod";

/**
 * Typed error codes (ARCHITECTURE rule 3). The server answers `{ code, message, requestId }`;
 * the web maps codes to toasts or to /error/{code}. French messages live in the server's error
 * catalogue (src/server/errors.ts) and, for the error page, in the web's i18n.
 */
export const errorCodes = [
  "VALIDATION_ERROR",
  "UNAUTHENTICATED",
  "ACCESS_DENIED",
  "NOT_FOUND",
  "VIDEO_NOT_FOUND",
  "CONFLICT",
  "ALREADY_FAVORITE",
  "RATE_LIMITED",
  "TOO_MANY_STREAMS",
  "SUBSCRIPTION_REQUIRED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RANGE_NOT_SATISFIABLE",
  "SERVICE_UNAVAILABLE",
  "INTERNAL_ERROR",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  requestId: z.string().optional(),
  /** Field-level French messages for a VALIDATION_ERROR, keyed by field path. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
