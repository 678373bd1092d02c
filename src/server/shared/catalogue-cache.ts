/**
 * Response caches of the catalogue (spec §9: "Catalogue cache 5 min; search cache up to 50
 * entries, oldest dropped"; docs/decisions/005-catalogue-cache.md).
 *
 * Values are the JSON text of responses already checked against their contract schema, so that a
 * hit costs neither a query nor a validation nor a serialisation. Concurrent misses for the same key
 * share one load (single flight). The caches are only trusted while this process listens for
 * catalogue changes (CatalogueCache.setListening): without the notifications another process's
 * change could go unseen for the whole TTL, so a process that lost its listening connection serves
 * every request from the database until it is back, and flushes then.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyBaseLogger, FastifyReply } from "fastify";
import { z } from "zod";
import type { Database } from "#db/client";
import { type Audience, EVERYONE } from "./audience.ts";

/** spec §9: catalogue responses are kept 5 minutes. */
export const CATALOGUE_TTL_MS = 5 * 60_000;
/** spec §9: at most 50 search results kept, the least recently used dropped first. */
export const SEARCH_CACHE_ENTRIES = 50;
/**
 * Our bound for the catalogue cache (the spec gives only the TTL): its keys are a handful of
 * screens (home, two landing pages, categories, list counts), but list counts are keyed by filters,
 * which members choose freely.
 */
export const CATALOGUE_CACHE_ENTRIES = 500;
/**
 * Our bound for the pages of the unfiltered grids (every sort, films or series, any page): a
 * crawler walking every page must not evict the home, so they have a bucket of their own.
 */
export const GRID_CACHE_ENTRIES = 200;
/** Visitors' first screens: the catalogue's screens as they open (a home per hero, ten Films and Séries); players' pages apart. */
export const PAGE_CACHE_ENTRIES = 64;
/** « Top 10 » (spec §7: the list refreshes every 30 s): its answer is kept as long, not 5 minutes. */
export const TOP_RATED_TTL_MS = 30_000;

/** Stable text of a parameters object: keys sorted, undefined left out. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Cache key of one response: what is asked (`name` + parameters) and for whom. */
export function cacheKey(name: string, params: object, audience: Audience = EVERYONE): string {
  return `${name}|${audience.maxMaturity}|${stableJson(params)}`;
}

export interface ResponseCacheOptions {
  maxEntries: number;
  ttlMs: number;
  now: () => number;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

/** A map bounded by TTL and entry count (least recently used dropped first), with single flight. */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** Bumped by clear(): a load that started before a clear must not store what it read. */
  private generation = 0;

  private readonly opts: ResponseCacheOptions;
  constructor(opts: ResponseCacheOptions) {
    this.opts = opts;
  }

  get size() {
    return this.entries.size;
  }

  /**
   * The cached value of `key`, or the result of `load` (stored unless cleared meanwhile). One key
   * always holds one kind of value: the caller's key names what it holds.
   */
  get<V>(key: string, load: () => Promise<V>, ttlMs = this.opts.ttlMs): Promise<V> {
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.expiresAt > this.opts.now()) {
        // Most recently used goes last: Map keeps insertion order, so the first key is the oldest.
        this.entries.delete(key);
        this.entries.set(key, entry);
        return Promise.resolve(entry.value as V);
      }
      this.entries.delete(key);
    }
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<V>;
    const generation = this.generation;
    const loading = load().then(
      (value) => {
        if (this.inFlight.get(key) === loading) this.inFlight.delete(key);
        if (generation === this.generation) this.store(key, value, ttlMs);
        return value;
      },
      (err: unknown) => {
        if (this.inFlight.get(key) === loading) this.inFlight.delete(key);
        throw err;
      },
    );
    this.inFlight.set(key, loading);
    return loading;
  }

  /** The cached value of `key` if it is fresh, without loading it nor touching its rank. */
  peek<V>(key: string): V | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > this.opts.now() ? (entry.value as V) : undefined;
  }

  private store(key: string, value: unknown, ttlMs: number) {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.opts.now() + ttlMs });
    while (this.entries.size > this.opts.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Drops every entry; loads under way finish for their callers but are not stored. */
  clear() {
    this.generation++;
    this.entries.clear();
    this.inFlight.clear();
  }
}

export interface CatalogueCacheOptions {
  /** false: every request reads the database (benchmarks of the queries themselves). */
  enabled?: boolean;
  ttlMs?: number;
  searchEntries?: number;
  catalogueEntries?: number;
  gridEntries?: number;
  /** Milliseconds clock; tests pass their own to expire entries without waiting. */
  now?: () => number;
}

/** The caches of one server process. */
export class CatalogueCache {
  /** Home, landing pages, categories, list counts: 5 minutes (spec §9). */
  readonly catalogue: ResponseCache;
  /** Search result pages: 50 entries (spec §9), also 5 minutes (ratings and views age them). */
  readonly search: ResponseCache;
  /** Header suggestions: typed a keystroke at a time, kept apart so they do not evict result pages. */
  readonly suggestions: ResponseCache;
  /** Pages of the unfiltered grids (no search, no filter but the type): a bucket of their own. */
  readonly grid: ResponseCache;
  /** First screens drawn for visitors (decision 061): made of the catalogue, emptied with it. */
  readonly pages: ResponseCache;
  /** Players' pages drawn for visitors, one per title: apart, so that a crawler does not evict the screens above. */
  readonly playerPages: ResponseCache;
  private readonly enabled: boolean;
  private listening = false;

  constructor(opts: CatalogueCacheOptions = {}) {
    const now = opts.now ?? Date.now;
    const ttlMs = opts.ttlMs ?? CATALOGUE_TTL_MS;
    this.enabled = opts.enabled ?? true;
    this.catalogue = new ResponseCache({
      maxEntries: opts.catalogueEntries ?? CATALOGUE_CACHE_ENTRIES,
      ttlMs,
      now,
    });
    const searchEntries = opts.searchEntries ?? SEARCH_CACHE_ENTRIES;
    this.search = new ResponseCache({ maxEntries: searchEntries, ttlMs, now });
    this.suggestions = new ResponseCache({ maxEntries: searchEntries, ttlMs, now });
    this.grid = new ResponseCache({ maxEntries: opts.gridEntries ?? GRID_CACHE_ENTRIES, ttlMs, now });
    this.pages = new ResponseCache({ maxEntries: PAGE_CACHE_ENTRIES, ttlMs, now });
    this.playerPages = new ResponseCache({ maxEntries: PAGE_CACHE_ENTRIES, ttlMs, now });
  }

  /** Whether entries may be served and stored now. */
  get active() {
    return this.enabled && this.listening;
  }

  /** Called by the change listener: entries are trusted only while notifications can arrive. */
  setListening(listening: boolean) {
    if (listening !== this.listening) this.invalidate();
    this.listening = listening;
  }

  /** The catalogue changed (or may have): forget everything. */
  invalidate() {
    this.catalogue.clear();
    this.search.clear();
    this.suggestions.clear();
    this.grid.clear();
    this.pages.clear();
    this.playerPages.clear();
  }
}

/**
 * An answer prepared once, when its cache entry fills (docs/decisions/030-prepared-answers.md):
 * the JSON bytes, their Brotli and gzip forms (bodies of 1 KiB or more; below, compression saves
 * less than its headers cost) and a validator. Serving it costs no query, no validation, no
 * serialisation and no compression: headers and a Buffer that Fastify writes as it is.
 */
export interface PreparedAnswer {
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** Weak: the same validator for every encoding of the same JSON (RFC 9110 §8.8.1). */
  etag: string;
}

/** Bodies below this are sent as they are (the threshold @fastify/compress uses: app.ts). */
export const COMPRESS_THRESHOLD = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compressed in the libuv pool, off the event loop, both at once. Brotli at quality 6 and gzip at
 * level 6: within 10 % of their best sizes on these JSON answers, at a few milliseconds for the
 * home's 30 KB (quality 11 takes tens), which a search miss pays once.
 */
export async function prepareAnswer(json: string): Promise<PreparedAnswer> {
  const identity = Buffer.from(json);
  const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  if (identity.length < COMPRESS_THRESHOLD) return { identity, br: null, gzip: null, etag };
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 6 }),
  ]);
  return { identity, br, gzip: gz, etag };
}

/**
 * The encoding a client takes (Accept-Encoding, RFC 9110 §12.5.3): Brotli, then gzip, else none.
 * A coding listed with q=0 is refused; `*` stands for any coding not listed.
 */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | null {
  if (!header) return null;
  let br: number | undefined;
  let gz: number | undefined;
  let any: number | undefined;
  for (const part of header.split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [k, v] = param.split("=");
      if (k?.trim().toLowerCase() === "q") q = Number(v?.trim() ?? "1");
    }
    if (!Number.isFinite(q)) q = 0;
    if (name === "br") br = q;
    else if (name === "gzip" || name === "x-gzip") gz = q;
    else if (name === "*") any = q;
  }
  const brQ = br ?? any ?? 0;
  const gzQ = gz ?? any ?? 0;
  if (brQ > 0 && brQ >= gzQ) return "br";
  if (gzQ > 0) return "gzip";
  return null;
}

/** Whether an If-None-Match header names this validator (weak comparison, `*` included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.slice(2);
  for (const tag of header.split(",")) {
    const t = tag.trim();
    if (t === etag || t === opaque || t === `W/${opaque}`) return true;
  }
  return false;
}

/**
 * Sends a prepared answer: 304 without a body when the client's copy is current, else the bytes
 * in the best encoding it takes. Content-Encoding is set here, so @fastify/compress leaves the
 * bytes alone (it skips a payload that already has one); `Vary` tells shared caches the body
 * depends on Accept-Encoding; `no-cache` makes browsers revalidate (a 304) rather than guess.
 */
export function sendPrepared(reply: FastifyReply, answer: PreparedAnswer): Buffer {
  const headers = reply.request.headers;
  reply.header("etag", answer.etag);
  reply.header("vary", "Accept-Encoding");
  reply.header("cache-control", "no-cache");
  if (matchesEtag(headers["if-none-match"], answer.etag)) {
    reply.code(304);
    return Buffer.alloc(0);
  }
  reply.type("application/json; charset=utf-8");
  const encoding = answer.br ? preferredEncoding(headers["accept-encoding"]) : null;
  if (encoding === "br" && answer.br) {
    reply.header("content-encoding", "br");
    return answer.br;
  }
  if (encoding === "gzip" && answer.gzip) {
    reply.header("content-encoding", "gzip");
    return answer.gzip;
  }
  return answer.identity;
}

/**
 * A route's answer through a cache bucket: the prepared answer when the caches are active (checked
 * against `schema` once, when prepared), else the loaded object (validated and serialised by the
 * route as usual). The return type is the route's, though a hit is a Buffer: Fastify sends bytes
 * as they are, with the headers set by sendPrepared.
 */
export async function cachedResponse<S extends z.ZodType>(
  cache: CatalogueCache,
  bucket: ResponseCache,
  key: string,
  reply: FastifyReply,
  schema: S,
  load: () => Promise<z.input<S>>,
  ttlMs?: number,
): Promise<z.input<S>> {
  if (!cache.active) return load();
  const answer = await bucket.get(
    key,
    async () => prepareAnswer(JSON.stringify(z.encode(schema, (await load()) as z.output<S>))),
    ttlMs,
  );
  return sendPrepared(reply, answer) as unknown as z.input<S>;
}

/** The NOTIFY channel of migration 0006_catalogue_notify: one message per changed table and statement. */
export const CATALOGUE_CHANNEL = "bobine_catalogue";

/**
 * The caches of this process, emptied whenever the catalogue tables change in any process
 * (NOTIFY from statement triggers) and trusted only while listening.
 */
export async function openCatalogueCache(
  database: Database,
  opts: CatalogueCacheOptions,
  log: FastifyBaseLogger,
): Promise<{ cache: CatalogueCache; close(): Promise<void> }> {
  const cache = new CatalogueCache(opts);
  if (opts.enabled === false) return { cache, close: async () => {} };
  const listener = await database.listen(CATALOGUE_CHANNEL, {
    onNotify: () => cache.invalidate(),
    onListening: (listening) => {
      cache.setListening(listening);
      if (!listening) log.warn("catalogue change notifications lost: catalogue caches off until reconnected");
    },
    onError: (err) => log.warn({ err }, "catalogue change listener"),
  });
  return { cache, close: () => listener.close() };
}
