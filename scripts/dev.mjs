// `npm run dev`: the API with reload (tsx watch) on PORT (default 3000) and Vite's dev server on
// 5173, which proxies /api and /media to it. The browser's origin is then Vite's: it is the public
// address (PUBLIC_URL, the one origin allowed to change state, and the base of e-mail links)
// unless the environment gives another.
// First: refuse an end-of-life Node before building, migrating or writing anything.
import "./require-node.mjs";
import { spawn } from "node:child_process";

const children = [
  spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "watch", "src/server/main.ts"], {
    stdio: "inherit",
    env: { NODE_ENV: "development", SERVE_WEB: "false", PUBLIC_URL: "http://localhost:5173", ...process.env },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], { stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", stop);
