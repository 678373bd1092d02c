import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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

/**
 * Sonner inserts its style sheet in the page when its module runs: the toaster's chunk loads once the
 * app has started, and a sheet added then (its first rule targets `html`) makes the browser compute
 * the style of the whole page again — on a phone, a 60 ms task (250 ms at Lighthouse's 4× slowdown)
 * right after a drawn page is taken over. Its sheet is part of the app's own (styles.css imports it)
 * and its module's insertion is taken out here; the build fails if sonner stops inserting it that way.
 */
function sonnerSheetInAppSheet(): Plugin {
  const insertion = "function __insertCSS(code) {";
  return {
    name: "bobine:sonner-sheet-in-app-sheet",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      if (!code.includes(insertion))
        throw new Error("sonner no longer inserts its sheet with __insertCSS: see vite.config.ts");
      return { code: code.replace(insertion, `${insertion} return;`), map: null };
    },
  };
}

/**
 * Two builds (`npm run build`): the SPA, and with `--ssr` the module the server draws a visitor's
 * first screen with (src/web/entry-server.tsx → dist/ssr, docs/decisions/061).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL("./src/web", import.meta.url)),
  plugins: [sonnerSheetInAppSheet(), react(), tailwindcss()],
  build: isSsrBuild
    ? {
        outDir: "../../dist/ssr",
        emptyOutDir: true,
        target: "node22",
        copyPublicDir: false,
        rolldownOptions: { input: fileURLToPath(new URL("./src/web/entry-server.tsx", import.meta.url)) },
      }
    : {
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
}));
