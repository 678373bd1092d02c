import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FLOOR, isSupported, unsupportedMessage } from "../../scripts/require-node.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

/** An end-of-life Node on this machine (Debian's is 20 here and in CI), if any. */
function oldNode(): string | undefined {
  for (const candidate of [process.env.OLD_NODE_BINARY, "/usr/bin/node", "/usr/local/bin/node"]) {
    if (!candidate || !fs.existsSync(candidate)) continue;
    const version = spawnSync(candidate, ["--version"], { encoding: "utf8" }).stdout.trim();
    if (version && !isSupported(version)) return candidate;
  }
  return undefined;
}

describe("supported Node.js versions", () => {
  it("accepts 22.22 and newer and refuses every older line", () => {
    for (const ok of ["22.22.0", "v22.22.3", "22.23.1", "24.0.0", "24.21.0", "26.10.0", "30.1.2"]) {
      expect(isSupported(ok), ok).toBe(true);
    }
    for (const old of ["20.20.2", "v20.19.0", "21.7.3", "22.0.0", "22.21.1", "18.20.8"]) {
      expect(isSupported(old), old).toBe(false);
    }
  });

  it("enforces the floor that package.json's engines declares", () => {
    expect(pkg.engines.node).toBe(`>=${FLOOR.join(".")}`);
    expect(fs.readFileSync(path.join(root, ".node-version"), "utf8").trim()).toBe("24");
    expect(fs.readFileSync(path.join(root, ".nvmrc"), "utf8").trim()).toBe("24");
  });

  it("says in French which version was found, which is needed and how to get it", () => {
    const text = unsupportedMessage("v20.20.2");
    expect(text).toContain("Node.js 20.20.2 est trop ancien");
    expect(text).toContain("Node.js 22.22.0 ou plus récent");
    expect(text).toContain("scripts/use-node.sh");
  });

  it("guards every npm script and entry point before it does anything", () => {
    for (const [name, command] of Object.entries<string>(pkg.scripts)) {
      const guarded =
        command.startsWith("node scripts/require-node.mjs && ") ||
        /^node scripts\/[a-z0-9-]+\.mjs$/.test(command);
      expect(guarded, `${name}: ${command}`).toBe(true);
      const entry = /^node (scripts\/[a-z0-9-]+\.mjs)$/.exec(command)?.[1];
      if (entry) {
        expect(fs.readFileSync(path.join(root, entry), "utf8"), entry).toMatch(
          /^(?:\/\/.*\n)*import "\.\/require-node\.mjs";/,
        );
      }
    }
  });

  const old = oldNode();
  it.skipIf(!old)(
    "npm start under an end-of-life Node stops at once with the French message and writes nothing",
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-old-node-"));
      const dataDir = path.join(dir, "data");
      const run = spawnSync(old as string, ["scripts/start.mjs"], {
        cwd: root,
        encoding: "utf8",
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, SERVE_WEB: "false" },
        timeout: 20_000,
      });
      const version = spawnSync(old as string, ["--version"], { encoding: "utf8" })
        .stdout.trim()
        .slice(1);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain(`Node.js ${version} est trop ancien`);
      expect(run.stderr).toContain("22.22.0");
      expect(run.stderr).not.toMatch(/\bat .*\.(m?js|ts):\d+/);
      expect(run.stdout).toBe("");
      expect(fs.existsSync(dataDir)).toBe(false);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  );
});
