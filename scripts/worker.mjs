// `npm run worker`: a background-jobs process (src/server/worker.ts) run with Node's own type stripping
// (typescript-loader.mjs), like `npm start` runs the server, so signals reach it directly.
// First: refuse an end-of-life Node before opening anything.
import "./require-node.mjs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadTypeScript } from "./typescript-loader.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await loadTypeScript();
await import(path.join(root, "src/server/worker.ts"));
