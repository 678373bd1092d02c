import type { z } from "zod";
import type { Endpoint } from "#contract/endpoint";
import { apiErrorSchema, type ErrorCode } from "#contract/errors";
import { apiText, commonText } from "#web/i18n/common.ts";

/**
 * Typed HTTP client over the contract's endpoint declarations (docs/decisions/001). Inputs are
 * typed with z.input of the endpoint's schemas, the answer is parsed with its response schema, and
 * every failure becomes an ApiRequestError carrying a code the UI can map to a toast or /error/{code}.
 */

/** Codes the client adds to the server's own when no answer (or no usable answer) came back. */
export type ClientErrorCode = "NETWORK_ERROR" | "CONNECTION_TIMEOUT" | "INVALID_RESPONSE";
export type ApiRequestErrorCode = ErrorCode | ClientErrorCode;

export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";
  readonly code: ApiRequestErrorCode;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly requestId: string | undefined;
  /** French messages per field for a VALIDATION_ERROR. */
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** True when `message` is the server's own text (not one the client wrote for a failure). */
  readonly fromServer: boolean;

  constructor(init: {
    code: ApiRequestErrorCode;
    message: string;
    status: number;
    requestId?: string | undefined;
    fields?: Record<string, string> | undefined;
    fromServer?: boolean | undefined;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.fields = init.fields;
    this.fromServer = init.fromServer ?? false;
  }
}

export const isApiRequestError = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError;

/**
 * The server's French message when it gave one, else `fallback` (spec §8: "the server message or
 * 'Erreur de connexion'"). Network failures and unreadable answers take the fallback.
 */
export const serverMessage = (error: unknown, fallback: string): string =>
  isApiRequestError(error) && error.fromServer && error.message ? error.message : fallback;

/** The French message of a failed request (the server's, or the client's for a network failure), else `fallback`. */
export const errorMessage = (error: unknown, fallback: string): string =>
  isApiRequestError(error) ? error.message : fallback;

/**
 * How requests leave: the browser's fetch, or, when the server draws a first screen
 * (entry-server.tsx), its own answers without a network hop.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
export function setApiTransport(send: typeof fetch): void {
  transport = send;
}

/** Past this the request is abandoned as CONNECTION_TIMEOUT. */
export const REQUEST_TIMEOUT_MS = 15_000;

type Declared<S> = S extends z.ZodType ? (z.ZodType extends S ? never : S) : never;

/** A part (query, params) is absent when the endpoint declares none, optional when all its fields are. */
type Part<Key extends string, S> = [Declared<S>] extends [never]
  ? { [K in Key]?: never }
  : Record<string, never> extends z.input<Declared<S>>
    ? { [K in Key]?: z.input<Declared<S>> }
    : { [K in Key]: z.input<Declared<S>> };

export type ApiGetOptions<E extends Endpoint> = Part<"query", E["query"]> &
  Part<"params", E["params"]> & { signal?: AbortSignal | undefined };

export type ApiSendOptions<E extends Endpoint> = Part<"body", E["body"]> &
  Part<"query", E["query"]> &
  Part<"params", E["params"]> & { signal?: AbortSignal | undefined };

export type ApiResponse<E extends Endpoint> = z.output<E["response"]>;

type Scalar = string | number | boolean | bigint;

function isScalar(value: unknown): value is Scalar {
  return ["string", "number", "boolean", "bigint"].includes(typeof value);
}

/** "/api/videos/:id" + {id} → "/api/videos/<id>", each value URL-encoded. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (!isScalar(value)) throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Undefined and null are left out; arrays repeat the key. */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isScalar(item)) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A code for an error body the server did not write (a proxy's HTML page, an empty 502...). */
export function codeForStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return "VALIDATION_ERROR";
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "ACCESS_DENIED";
  if (status === 404) return "NOT_FOUND";
  if (status === 408) return "REQUEST_TIMEOUT";
  if (status === 409) return "CONFLICT";
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 415) return "UNSUPPORTED_MEDIA_TYPE";
  if (status === 416) return "RANGE_NOT_SATISFIABLE";
  if (status === 429) return "RATE_LIMITED";
  if (status === 431) return "HEADERS_TOO_LARGE";
  if (status === 502 || status === 503 || status === 504) return "SERVICE_UNAVAILABLE";
  return "INTERNAL_ERROR";
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export async function errorFromResponse(response: Response): Promise<ApiRequestError> {
  const parsed = apiErrorSchema.safeParse(await readJson(response));
  if (parsed.success) {
    return new ApiRequestError({ ...parsed.data, status: response.status, fromServer: true });
  }
  return new ApiRequestError({
    code: codeForStatus(response.status),
    message: commonText.genericError,
    status: response.status,
    requestId: response.headers.get("x-request-id") ?? undefined,
  });
}

function errorFromFailure(error: unknown, timedOut: boolean): unknown {
  // A caller's abort (TanStack Query cancelling) is not a failure to report: pass it on untouched.
  if (!timedOut && error instanceof DOMException && error.name === "AbortError") return error;
  return timedOut
    ? new ApiRequestError({ code: "CONNECTION_TIMEOUT", message: apiText.timeout, status: 0, cause: error })
    : new ApiRequestError({ code: "NETWORK_ERROR", message: apiText.network, status: 0, cause: error });
}

const invalidResponse = (status: number, cause: unknown) =>
  new ApiRequestError({ code: "INVALID_RESPONSE", message: apiText.invalidResponse, status, cause });

type Method = Endpoint["method"];

interface RequestInput {
  params?: object | undefined;
  query?: object | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

/** The URL of an endpoint of the contract: its path with the parameters filled, then the query. */
export function endpointUrl(endpoint: Endpoint, opts: Pick<RequestInput, "params" | "query"> = {}): string {
  return (
    buildPath(endpoint.path, opts.params as Record<string, unknown> | undefined) +
    buildQuery(opts.query as Record<string, unknown> | undefined)
  );
}

/**
 * The one transport of the app: a same-origin fetch with the client's timeout, whose failures
 * become ApiRequestErrors (the server's code and French message, or the client's). A non-2xx
 * answer throws; the caller reads the body of a 2xx one.
 */
async function send(url: string, init: RequestInit, callerSignal: AbortSignal | undefined) {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
  const failed = (error: unknown) =>
    errorFromFailure(error, timeout.signal.aborted && !callerSignal?.aborted);
  let response: Response;
  try {
    // The session is an httpOnly cookie: same-origin requests carry it, nothing else does.
    response = await transport(url, { ...init, credentials: "same-origin", signal });
  } catch (error) {
    clearTimeout(timer);
    throw failed(error);
  }
  if (!response.ok) {
    clearTimeout(timer);
    throw await errorFromResponse(response);
  }
  return {
    response,
    /** Reads the body within the same timeout. */
    read: async <T>(reader: (r: Response) => Promise<T>): Promise<T> => {
      try {
        return await reader(response);
      } catch (error) {
        if (error instanceof SyntaxError) throw invalidResponse(response.status, error);
        throw failed(error);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** One request to an endpoint of the contract: URL, timeout, errors, and the answer checked by its schema. */
async function request<E extends Endpoint>(endpoint: E, method: Method, opts: RequestInput) {
  // No Content-Type without a body: the server refuses an empty body announced as JSON.
  const hasBody = opts.body !== undefined;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (hasBody) headers["Content-Type"] = "application/json";

  const { response, read } = await send(
    endpointUrl(endpoint, opts),
    { method, headers, ...(hasBody ? { body: JSON.stringify(opts.body) } : {}) },
    opts.signal,
  );
  // 204 No Content (an idempotent delete): no body to read, the endpoint answers null.
  const body = await read((r) => (r.status === 204 ? Promise.resolve(null) : r.json()));

  const parsed = endpoint.response.safeParse(body);
  if (!parsed.success) throw invalidResponse(response.status, parsed.error);
  return parsed.data as ApiResponse<E>;
}
/** GET an endpoint of the contract and return its parsed response. */
export async function apiGet<E extends Endpoint>(
  endpoint: E,
  ...[options]: Record<string, never> extends ApiGetOptions<E>
    ? [options?: ApiGetOptions<E>]
    : [options: ApiGetOptions<E>]
): Promise<ApiResponse<E>> {
  return request(endpoint, "GET", (options ?? {}) as RequestInput);
}

/**
 * POST, PUT, PATCH or DELETE an endpoint of the contract (its declared method) with a JSON body,
 * and return its parsed response. The body is typed from the endpoint's body schema.
 */
export async function apiSend<E extends Endpoint>(
  endpoint: E,
  ...[options]: Record<string, never> extends ApiSendOptions<E>
    ? [options?: ApiSendOptions<E>]
    : [options: ApiSendOptions<E>]
): Promise<ApiResponse<E>> {
  if (endpoint.method === "GET")
    throw new TypeError(`apiSend is for writes; use apiGet for ${endpoint.path}`);
  return request(endpoint, endpoint.method, (options ?? {}) as RequestInput);
}

/** A file the server sends as an attachment, with the name it gives in Content-Disposition. */
export interface Download {
  blob: Blob;
  filename: string | null;
}

/**
 * GET an endpoint of the contract that answers a file (« Exporter mes données »): the bytes as the
 * server sent them (not re-serialised) and the file name it chose. Errors as for apiGet.
 */
export async function apiDownload<E extends Endpoint>(
  endpoint: E,
  ...[options]: Record<string, never> extends ApiGetOptions<E>
    ? [options?: ApiGetOptions<E>]
    : [options: ApiGetOptions<E>]
): Promise<Download> {
  const opts = (options ?? {}) as RequestInput;
  const { response, read } = await send(
    endpointUrl(endpoint, opts),
    { method: "GET", headers: { Accept: "application/json" } },
    opts.signal,
  );
  const disposition = response.headers.get("content-disposition") ?? "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await read((r) => r.blob()), filename };
}

/**
 * POST to an endpoint of the contract while the page is being hidden or closed: navigator.sendBeacon
 * (a JSON Blob: the server refuses text/plain with 415), else a keepalive fetch. Nothing to wait
 * for and nothing to report: the page is leaving, and the next save or heartbeat covers a loss.
 */
export function apiBeacon<E extends Endpoint>(
  endpoint: E,
  ...[options]: Record<string, never> extends ApiSendOptions<E>
    ? [options?: Omit<ApiSendOptions<E>, "signal">]
    : [options: Omit<ApiSendOptions<E>, "signal">]
): void {
  const opts = (options ?? {}) as RequestInput;
  const url = endpointUrl(endpoint, opts);
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const blob = body === undefined ? undefined : new Blob([body], { type: "application/json" });
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, blob)) return;
  void fetch(url, {
    method: endpoint.method,
    credentials: "same-origin",
    keepalive: true,
    ...(body === undefined ? {} : { body, headers: { "Content-Type": "application/json" } }),
  }).catch(() => {});
}

/**
 * Asks a URL the server gave (a stream's, which the media element reads on its own) what it
 * answers to `headers`: null when it accepts, else the ApiRequestError of its refusal (status,
 * code, French message). A network failure throws NETWORK_ERROR.
 */
export async function apiProbe(
  url: string,
  headers: Record<string, string>,
): Promise<ApiRequestError | null> {
  try {
    const { read } = await send(url, { method: "GET", headers }, undefined);
    // The probe wants the status only; the body (a byte) is read so the connection is released.
    await read((r) => r.arrayBuffer());
    return null;
  } catch (error) {
    if (isApiRequestError(error) && error.status > 0) return error;
    throw error;
  }
}

/**
 * POST a file as the whole body to an endpoint of the contract that `uploads` (an image, a
 * subtitle file; docs/decisions/016-uploads.md): sent as application/octet-stream (the server
 * reads what the bytes are), the query and params as for apiSend, the answer parsed by its schema.
 */
export async function apiUpload<E extends Endpoint>(
  endpoint: E,
  file: Blob,
  options: Pick<ApiSendOptions<E>, "query" | "params" | "signal">,
): Promise<ApiResponse<E>> {
  const opts = options as RequestInput;
  const { response, read } = await send(
    endpointUrl(endpoint, opts),
    {
      method: endpoint.method,
      headers: { Accept: "application/json", "Content-Type": "application/octet-stream" },
      body: file,
    },
    opts.signal,
  );
  const body = await read((r) => r.json());
  const parsed = endpoint.response.safeParse(body);
  if (!parsed.success) throw invalidResponse(response.status, parsed.error);
  return parsed.data as ApiResponse<E>;
}
