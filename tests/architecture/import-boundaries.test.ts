import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The boundaries of decisions 009 (server domains) and 010 (web features) are Biome
 * `noRestrictedImports` overrides: this shows lint failing on a forbidden import, so that a
 * reshuffled `biome.json` cannot quietly stop guarding them. Each case writes one small file where
 * a developer would, lints only that file (well under a second), and removes it whatever happens.
 */

const root = path.resolve(import.meta.dirname, "../..");
const biome = path.join(root, "node_modules/.bin/biome");
const RULE = "lint/style/noRestrictedImports";

function lintProbe(where: string, source: string) {
  const file = path.join(root, where, `boundary-probe-${process.pid}.ts`);
  fs.writeFileSync(file, source);
  try {
    const run = spawnSync(biome, ["lint", "--colors=off", "--max-diagnostics=5", file], {
      cwd: root,
      encoding: "utf8",
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe("lint enforces the import boundaries", () => {
  it("refuses a web feature importing another feature (decision 010)", () => {
    const run = lintProbe(
      "src/web/features/library/lib",
      'import { catalogueKeys } from "#web/features/catalogue/api/video-queries.ts";\n\nexport const probe = catalogueKeys;\n',
    );
    expect(run.status).not.toBe(0);
    expect(run.output).toContain(RULE);
    expect(run.output).toContain("#web/features/catalogue/api/video-queries.ts");
  });

  it("refuses a server domain importing another domain (decision 009)", () => {
    const run = lintProbe(
      "src/server/library",
      'import { videoList } from "../catalogue/catalogue.service.ts";\n\nexport const probe = videoList;\n',
    );
    expect(run.status).not.toBe(0);
    expect(run.output).toContain(RULE);
    expect(run.output).toContain("../catalogue/catalogue.service.ts");
  });

  it("lets a feature and a domain import their own files and the shared layers", () => {
    const web = lintProbe(
      "src/web/features/library/lib",
      'import { ApiRequestError } from "#web/lib/api.ts";\nimport { libraryKeys } from "../api/library-queries.ts";\n\nexport const probe = [ApiRequestError, libraryKeys];\n',
    );
    expect(web.output).not.toContain(RULE);
    expect(web.status).toBe(0);
    const server = lintProbe(
      "src/server/library",
      'import { AppError } from "../shared/errors.ts";\nimport { libraryRoutes } from "./library.routes.ts";\n\nexport const probe = [AppError, libraryRoutes];\n',
    );
    expect(server.output).not.toContain(RULE);
    expect(server.status).toBe(0);
  });
});
