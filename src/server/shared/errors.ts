import { type ErrorCode, errorCodes, errorMessages } from "#contract/errors";

/**
 * The error catalogue (ARCHITECTURE rule 3): each code has its HTTP status and its French message
 * (written once, in the contract: `errorMessages`, and `requestMessages` and each domain's message
 * table for the texts that refine a code). Services throw AppError; the error handler turns it into
 * `{ code, message, requestId }`.
 */
const statuses: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  ACCESS_DENIED: 403,
  NOT_FOUND: 404,
  VIDEO_NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_FAVORITE: 409,
  RATE_LIMITED: 429,
  // A conflict with the member's other playing devices, not a rate: 409 (docs/decisions/006-stream.md).
  TOO_MANY_STREAMS: 409,
  SUBSCRIPTION_REQUIRED: 403,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  HEADERS_TOO_LARGE: 431,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

export const errorCatalogue = Object.fromEntries(
  errorCodes.map((code) => [code, { status: statuses[code], message: errorMessages[code] }]),
) as Record<ErrorCode, { status: number; message: string }>;

export class AppError extends Error {
  readonly status: number;
  /** Seconds after which the client may try again (the Retry-After of a 429 or a 503). */
  retryAfterSeconds: number | undefined;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? errorCatalogue[code].message);
    this.code = code;
    this.fields = fields;
    this.status = errorCatalogue[code].status;
  }
}

/** A 400 whose French message is also the message of one field (the forms show it under the field). */
export const fieldError = (field: string, message: string) =>
  new AppError("VALIDATION_ERROR", message, { [field]: message });

/** A 429 or a 503 that tells the client when to come back (RFC 9110 Retry-After, whole seconds ≥ 1). */
export function retryLater(
  code: "RATE_LIMITED" | "SERVICE_UNAVAILABLE",
  seconds: number,
  message?: string,
): AppError {
  const err = new AppError(code, message);
  err.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
  return err;
}
