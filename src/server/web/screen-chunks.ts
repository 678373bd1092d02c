import fs from "node:fs";
import path from "node:path";

/**
 * The scripts a page's first screen needs beyond the entry's, named with the page (issue 14).
 *
 * Every screen is its own lazy chunk (web/app/router.tsx): left to itself, the browser learns of it
 * only once the entry has downloaded and run, then fetches it and what it imports: a second round
 * trip before anything of the screen can draw (on a phone's network, the largest part of the wait
 * for the first paint of the home, the Explorer, the info view and the player). The build's
 * manifest (vite.config.ts: `build.manifest`) says which files each screen's chunk imports; the
 * server sends them as `modulepreload` links with the page, beside the data it already preloads.
 */

/** One entry of Vite's build manifest (the fields read here). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type BuildManifest = Record<string, ManifestChunk>;

/** The screens a first visit opens on, by address (web/app/router.tsx), and their modules. */
const SCREENS: [RegExp, string][] = [
  [/^\/$/, "app/routes/home.tsx"],
  [/^\/browse$/, "app/routes/browse.tsx"],
  [/^\/series$/, "app/routes/series.tsx"],
  [/^\/movies$/, "app/routes/movies.tsx"],
  [/^\/search$/, "app/routes/search.tsx"],
  [/^\/categories$/, "app/routes/categories.tsx"],
  [/^\/top-rated$/, "app/routes/top-rated.tsx"],
  [/^\/video\/[^/]+$/, "app/routes/video.tsx"],
  [/^\/info\/[^/]+$/, "app/routes/info.tsx"],
  [/^\/(favorites|my-list)$/, "app/routes/favorites.tsx"],
  [/^\/history$/, "app/routes/history.tsx"],
  [/^\/login$/, "app/routes/login.tsx"],
  [/^\/register$/, "app/routes/register.tsx"],
];
/** The info view over a screen (`?info={id}`: web/app/layout/info-modal-host.tsx). */
const INFO_MODAL = "app/layout/info-modal-screen.tsx";

/** The modules a page at this address draws first: its screen's, and the info view's when asked. */
export function screenModules(pathname: string, query: URLSearchParams): string[] {
  const modules: string[] = [];
  const screen = SCREENS.find(([address]) => address.test(pathname));
  if (screen) modules.push(screen[1]);
  if (query.has("info") && !pathname.startsWith("/video/")) modules.push(INFO_MODAL);
  return modules;
}

/** Every chunk a manifest entry needs before it runs: itself and its static imports, transitively. */
function closure(manifest: BuildManifest, key: string, into: Set<string>) {
  if (into.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) return;
  into.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
}

/**
 * The files (site paths) these modules need that the page's own script tags do not bring: the
 * entry's graph is already named by index.html (`<script>` and its `modulepreload` links). A module
 * the manifest does not know (a renamed screen) adds nothing.
 */
export function chunksFor(manifest: BuildManifest, modules: string[]): string[] {
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(manifest, key, entry);
  const wanted = new Set<string>();
  for (const module of modules) closure(manifest, module, wanted);
  const files: string[] = [];
  for (const key of wanted) {
    const chunk = manifest[key];
    if (chunk && !entry.has(key)) files.push(`/${chunk.file}`);
  }
  return files;
}

/**
 * The manifest of the build in `distDir`, read again when a new build replaces it (a server left
 * running while `npm run build` runs); null when there is none (an older build, no web app).
 */
export function manifestReader(distDir: string): () => BuildManifest | null {
  const file = path.join(distDir, ".vite", "manifest.json");
  let read: { mtimeMs: number; manifest: BuildManifest | null } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (read?.mtimeMs !== mtimeMs) {
      let manifest: BuildManifest | null = null;
      try {
        manifest = JSON.parse(fs.readFileSync(file, "utf8")) as BuildManifest;
      } catch {
        // Half written by a build in progress: none this time, read again on the next page.
      }
      read = { mtimeMs, manifest };
    }
    return read.manifest;
  };
}
