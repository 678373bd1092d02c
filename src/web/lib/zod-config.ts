import { z } from "zod";

/**
 * Zod compiles fast parsers with `new Function` when it may, and finds out by trying once. The page's
 * CSP forbids eval (`script-src 'self'`), so the try always failed — and every page reported a CSP
 * violation (Lighthouse's best practices, the browser's Issues panel). Say so up front: the
 * parsers are the interpreted ones they always were here. Zod reads it when a schema is built, so
 * this module is bundled into zod's own chunk (vite.config.ts), which runs before any chunk that
 * builds one.
 */
z.config({ jitless: true });
