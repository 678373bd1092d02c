// `npm run worker`: a background-jobs process (src/server/worker.ts) run through the tsx loader,
// like `npm start` runs the server, so signals reach it directly.
// First: refuse an end-of-life Node before opening anything.
import "./require-node.mjs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { register } = await import("tsx/esm/api");
register();
await import(path.join(root, "src/server/worker.ts"));
