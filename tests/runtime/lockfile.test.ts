import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { resolved?: string; integrity?: string; link?: boolean }>;
};

describe("supply chain", () => {
  it("installs every package of the lockfile from the npm registry, each with an integrity hash", () => {
    const entries = Object.entries(lock.packages).filter(([key, entry]) => key !== "" && !entry.link);
    expect(entries.length).toBeGreaterThan(100);
    const withoutIntegrity = entries.filter(([, entry]) => !/^sha512-/.test(entry.integrity ?? ""));
    expect(withoutIntegrity.map(([key]) => key)).toEqual([]);
    const elsewhere = entries.filter(
      ([, entry]) =>
        entry.resolved !== undefined && !entry.resolved.startsWith("https://registry.npmjs.org/"),
    );
    expect(elsewhere.map(([key, entry]) => `${key} ← ${entry.resolved}`)).toEqual([]);
  });
});
