import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../../vitest.config.ts";

const root = path.resolve(import.meta.dirname, "../..");
const ci = fs.readFileSync(path.join(root, ".ci/run"), "utf8");

/** The file filters `.ci/run` gives the unit tier on one Node line (`node22_files="…"`). */
function filtersOf(variable: string): string[] {
  const line = new RegExp(`^${variable}="([^"]*)"$`, "m").exec(ci);
  expect(line, `${variable} in .ci/run`).not.toBeNull();
  return (line?.[1] ?? "").split(/\s+/).filter(Boolean);
}

/** Every file of Vitest's PGlite project, as Vitest finds them (paths from the root). */
function pgliteFiles(): string[] {
  const project = (config.test?.projects ?? []).find(
    (p) => typeof p === "object" && "test" in p && p.test?.name === "pglite",
  ) as { test: { include: string[] } } | undefined;
  expect(project).toBeDefined();
  const files = new Set<string>();
  for (const pattern of project?.test.include ?? [])
    for (const file of fs.globSync(pattern, { cwd: root })) files.add(file.split(path.sep).join("/"));
  return [...files].sort();
}

describe("CI's unit tier on the other Node lines (decision 065)", () => {
  it("runs every file of the PGlite tier on Node 22.22 or on Node 26: none is left to Node 24 alone", () => {
    const runtimeApi = filtersOf("runtime_api");
    const on26 = filtersOf("node26_files").flatMap((f) => (f === "$runtime_api" ? runtimeApi : [f]));
    const on22 = filtersOf("node22_files");
    const files = pgliteFiles();
    expect(files.length).toBeGreaterThan(50);
    // Vitest keeps a file whose path from the root contains one of the filters; Node 22.22 leaves
    // out the runtime-bound API files (`--exclude <prefix>*`), which Node 26 runs.
    const runsOn22 = (file: string) =>
      on22.some((f) => file.includes(f)) && !runtimeApi.some((prefix) => file.startsWith(prefix));
    const runsOn26 = (file: string) => on26.some((f) => file.includes(f));
    expect(files.filter((file) => !runsOn22(file) && !runsOn26(file))).toEqual([]);
    expect(files.filter((file) => file.startsWith("tests/api/") && runsOn26(file)).length).toBeGreaterThan(3);
  });
});
