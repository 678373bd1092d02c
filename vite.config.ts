import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The Fastify server (npm run dev) answers the API and the media; Vite only serves the SPA. */
const apiOrigin = "http://localhost:3000";
const proxy = { "/api": apiOrigin, "/media": apiOrigin };

/**
 * Third-party code is split by how often it changes and who needs it, so a deploy that only
 * touches screens keeps the vendor chunks cached. Screens are lazy (src/web/app/router.tsx), so
 * the player, admin and hls.js never reach the home page's first load (DESIGN.md speed budget).
 */
const vendorGroups = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: "router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
  // Zod's setting travels in zod's chunk: it runs before any module of another chunk builds a schema
  // (a chunk's imports run first, so a setting made in the entry's chunk would come too late).
  {
    name: "data",
    test: /node_modules[\\/](@tanstack|zod)[\\/]|src[\\/]web[\\/]lib[\\/]zod-config\.ts$/,
    priority: 10,
  },
];

export default defineConfig({
  root: fileURLToPath(new URL("./src/web", import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    target: "es2022",
    // Which files each screen's chunk needs: the server names them with the page (server/web/screen-chunks.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
