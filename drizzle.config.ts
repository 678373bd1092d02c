import { defineConfig } from "drizzle-kit";

// Migrations are generated from src/db/schema and committed; they are never edited after merge.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/*.ts",
  out: "./src/db/migrations",
});
