// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server in this same process (Node's own type stripping: typescript-loader.mjs), so signals
// reach it directly.
// First: refuse an end-of-life Node before building, migrating or writing anything.
import "./require-node.mjs";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadTypeScript } from "./typescript-loader.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "dist/web/index.html");
// What the server draws a visitor's first screen with (docs/decisions/061): built with the SPA.
const builtFirstScreens = path.join(root, "dist/ssr/entry-server.js");

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function webBuildIsStale() {
  if (!fs.existsSync(builtIndex) || !fs.existsSync(builtFirstScreens)) return true;
  const built = Math.min(fs.statSync(builtIndex).mtimeMs, fs.statSync(builtFirstScreens).mtimeMs);
  const sources = [
    path.join(root, "src/web"),
    path.join(root, "src/contract"),
    path.join(root, "vite.config.ts"),
  ];
  return sources.some((s) => fs.existsSync(s) && newestMtime(s) > built);
}

if (process.env.SERVE_WEB !== "false" && webBuildIsStale()) {
  process.stdout.write("Construction de l'application web…\n");
  for (const extra of [[], ["--ssr"]]) {
    const r = spawnSync(
      process.execPath,
      [path.join(root, "node_modules/vite/bin/vite.js"), "build", ...extra, "--logLevel", "warn"],
      { cwd: root, stdio: "inherit" },
    );
    if (r.status !== 0) {
      process.stderr.write("La construction de l'application web a échoué.\n");
      process.exit(r.status ?? 1);
    }
  }
}

await loadTypeScript();
await import(path.join(root, "src/server/main.ts"));
