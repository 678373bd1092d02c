import { ensurePgliteTemplate } from "./pglite-template.ts";

/** Once per run, before any test file: the migrated PGlite template every test database starts from. */
export default async function setup() {
  await ensurePgliteTemplate();
}
