// `npm run test:e2e`: Playwright in Debian's Chromium. Skipped (with a message) on a machine
// without Chromium, so `npm test` runs every tier the machine can run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  process.stdout.write(
    `e2e: ${chromium} absent, tests de bout en bout ignorés (apt-get install chromium).\n`,
  );
  process.exit(0);
}
const r = spawnSync(
  process.execPath,
  ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)],
  {
    stdio: "inherit",
  },
);
process.exit(r.status ?? 1);
