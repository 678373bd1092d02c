import type { z } from "zod";

/**
 * Who may call an endpoint (docs/decisions/009-boundaries.md). The server installs the matching
 * guard before the body or the query is read (spec §6; SECURITY-CHECKLIST 14):
 *  - `public`: anyone, signed in or not;
 *  - `member`: a signed-in member (401 'Authentification requise' otherwise);
 *  - `subscriber`: a member whose entitlement covers now (403 SUBSCRIPTION_REQUIRED otherwise);
 *  - `admin`: an administrator (403 'Accès refusé' to any other member).
 */
export const accessLevels = ["public", "member", "subscriber", "admin"] as const;
export type Access = (typeof accessLevels)[number];

/**
 * What an endpoint answers when it is not a JSON body (docs/decisions/009-boundaries.md):
 *  - `media`: the bytes of a media file with RFC 9110 ranges, for GET and HEAD (the proxy);
 *  - `text/vtt`: WebVTT subtitles;
 *  - `text/event-stream`: Server-Sent Events (the notification stream);
 *  - `json-attachment`: the JSON of `response`, sent as a file to download;
 *  - `playlist`: an HLS playlist (application/vnd.apple.mpegurl);
 *  - `image`: an image (JPEG), for GET and HEAD;
 *  - `pdf`: a PDF document (a receipt), sent as an attachment;
 *  - `tus`: the tus 1.0 upload protocol (headers and raw bytes; the resource of a PATCH endpoint
 *    also answers HEAD), docs/decisions/026-tus-in-the-contract.md.
 */
export type Produces =
  | "media"
  | "text/vtt"
  | "text/event-stream"
  | "json-attachment"
  | "playlist"
  | "image"
  | "pdf"
  | "tus";

/**
 * A file sent as the whole request body (an image, a subtitle file; docs/decisions/016-uploads.md):
 * the content types accepted and the most bytes read. The handler gets the bytes; the endpoint's
 * query carries what describes the file.
 */
export interface Upload {
  types: readonly string[];
  maxBytes: number;
}

/** Request bodies a beacon may carry (navigator.sendBeacon sends text/plain or a form): read and ignored. */
export type IgnoredBody = "text/plain" | "application/x-www-form-urlencoded";

/**
 * One HTTP endpoint declared once and used by the server (access, validation, OpenAPI) and the web
 * client (types, URLs). docs/decisions/001-contract-and-api.md, 009-boundaries.md.
 */
export interface Endpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  summary: string;
  tags: string[];
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON body of a success; for a `produces` endpoint, what its body is (for the document). */
  response: z.ZodType;
  /** Absent: a JSON body. */
  produces?: Produces;
  /** Other request content types accepted and ignored (beacons). */
  ignoresBodies?: readonly IgnoredBody[];
  /** The body is a file of these types, not JSON (no `body` schema then). */
  uploads?: Upload;
  /** A JSON body larger than the server's usual 1 MiB is accepted up to this (a catalogue import). */
  maxBodyBytes?: number;
}

/** Keeps the literal schema types of an endpoint declaration. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

export type EndpointParams<E extends Endpoint> = Out<E["params"]>;
export type EndpointQuery<E extends Endpoint> = Out<E["query"]>;
export type EndpointBody<E extends Endpoint> = Out<E["body"]>;
/** What a client may send (before defaults and coercion). */
export type EndpointParamsInput<E extends Endpoint> = In<E["params"]>;
export type EndpointQueryInput<E extends Endpoint> = In<E["query"]>;
export type EndpointBodyInput<E extends Endpoint> = In<E["body"]>;
export type EndpointResponse<E extends Endpoint> = z.output<E["response"]>;

type Scalar = string | number | boolean;

/**
 * The URL of an endpoint: `:name` segments replaced by the encoded params, then the query (absent
 * and undefined values left out, arrays repeating their key). For the URLs a client does not fetch
 * itself: a media element's `src`, a `<track>`, an EventSource, a beacon, a download link.
 */
export function endpointUrl<E extends Endpoint>(
  e: E,
  parts: { params?: Record<string, Scalar>; query?: Record<string, Scalar | Scalar[] | undefined> } = {},
): string {
  const path = e.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = parts.params?.[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${e.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) search.append(key, String(item));
    }
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
