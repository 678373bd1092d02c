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
import type { FastifyBaseLogger, FastifyReply } from "fastify";
import { z } from "zod";
import type { Database } from "#db/client";

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
 * What a response may show. Today everyone sees the whole catalogue; parental control (a later
 * issue: maturity all / teen / mature per member) makes the highest maturity shown part of every
 * key, so that two audiences never share an entry.
 */
export interface Audience {
  maxMaturity: "all" | "teen" | "mature";
}
export const EVERYONE: Audience = { maxMaturity: "mature" };

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

/**
 * Search text as a key part. The search folds case first (bobine_fold, migration 0003), so
 * lower-casing here only lets « Amélie » and « amélie » share an entry; accents are left alone
 * because the folding in SQL (unaccent) is the authority on which characters are the same.
 */
export const searchKeyText = (q: string) => q.trim().toLowerCase();

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

  constructor(private readonly opts: ResponseCacheOptions) {}

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
  }
}

/**
 * A route's answer through a cache bucket: the cached JSON text when the caches are active
 * (already checked against `schema`, sent as is), else the loaded object (validated and serialised
 * by the route as usual). The return type is the route's, though a hit is a Buffer: Fastify sends
 * bytes as they are, with the JSON content type set here.
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
  // Bytes, not a string: no UTF-8 encoding nor length count per request.
  const body = await bucket.get(
    key,
    async () => Buffer.from(JSON.stringify(z.encode(schema, (await load()) as z.output<S>))),
    ttlMs,
  );
  reply.type("application/json; charset=utf-8");
  return body as unknown as z.input<S>;
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
