import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type BuildManifest, chunksFor, manifestReader, screenModules } from "./screen-chunks.ts";

/** A build's manifest as Vite writes it: the entry, two screens and the chunks they share. */
const manifest: BuildManifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_react-1.js", "_router-1.js"] },
  "_react-1.js": { file: "assets/react-1.js" },
  "_router-1.js": { file: "assets/router-1.js", imports: ["_react-1.js"] },
  "app/routes/home.tsx": {
    file: "assets/home-1.js",
    imports: ["_react-1.js", "index.html", "_rail-1.js"],
  },
  "_rail-1.js": { file: "assets/rail-1.js", imports: ["_card-1.js", "_react-1.js"] },
  "_card-1.js": { file: "assets/card-1.js", imports: ["_rail-1.js"] },
  "app/layout/info-modal-screen.tsx": {
    file: "assets/info-modal-screen-1.js",
    imports: ["_card-1.js", "_dialog-1.js"],
  },
  "_dialog-1.js": { file: "assets/dialog-1.js" },
};

describe("the scripts a page names for its first screen", () => {
  it("names the screen's chunk and everything it imports, but nothing the entry's own tags bring", () => {
    expect(chunksFor(manifest, screenModules("/", new URLSearchParams()))).toEqual([
      "/assets/home-1.js",
      "/assets/rail-1.js",
      "/assets/card-1.js",
    ]);
  });

  it("adds the info view's chunks when the page opens on a title's info, each file once", () => {
    expect(chunksFor(manifest, screenModules("/", new URLSearchParams("info=abc")))).toEqual([
      "/assets/home-1.js",
      "/assets/rail-1.js",
      "/assets/card-1.js",
      "/assets/info-modal-screen-1.js",
      "/assets/dialog-1.js",
    ]);
  });

  it("knows the first screens by address, and names nothing for an address or a module it does not know", () => {
    expect(screenModules("/video/abc", new URLSearchParams("info=abc"))).toEqual(["app/routes/video.tsx"]);
    expect(screenModules("/browse", new URLSearchParams("genre=x"))).toEqual(["app/routes/browse.tsx"]);
    expect(screenModules("/my-list", new URLSearchParams())).toEqual(["app/routes/favorites.tsx"]);
    expect(screenModules("/nulle-part", new URLSearchParams())).toEqual([]);
    expect(chunksFor(manifest, ["app/routes/renamed.tsx"])).toEqual([]);
  });

  it("reads the manifest of a new build and none while there is no build", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-manifest-"));
    try {
      const read = manifestReader(dist);
      expect(read()).toBeNull();
      fs.mkdirSync(path.join(dist, ".vite"));
      const file = path.join(dist, ".vite", "manifest.json");
      fs.writeFileSync(file, JSON.stringify(manifest));
      expect(read()?.["index.html"]?.file).toBe("assets/index-1.js");
      const rebuilt = { ...manifest, "index.html": { file: "assets/index-2.js", isEntry: true } };
      fs.writeFileSync(file, JSON.stringify(rebuilt));
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
      expect(read()?.["index.html"]?.file).toBe("assets/index-2.js");
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
