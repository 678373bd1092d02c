import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { preloadable } from "./preloadable.ts";

function Title({ name }: { name: string }) {
  return <h2>{name}</h2>;
}

const page = (Component: React.ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<p>chargement</p>}>
      <Component name="Le Voyage" />
    </Suspense>,
  );

describe("a component in its own chunk, loadable ahead of its first render", () => {
  it("draws its Suspense fallback when its chunk was not loaded first", () => {
    const { Component } = preloadable(async () => ({ default: Title }));
    expect(page(Component)).toContain("chargement");
  });

  it("draws itself in the first pass once its chunk was loaded, never its fallback", async () => {
    const { Component, preload } = preloadable(async () => ({ default: Title }));
    await preload();
    const html = page(Component);
    expect(html).toContain("<h2>Le Voyage</h2>");
    expect(html).not.toContain("chargement");
  });

  it("loads its chunk once, however many times it is asked", async () => {
    let loads = 0;
    const { preload } = preloadable(async () => {
      loads += 1;
      return { default: Title };
    });
    await Promise.all([preload(), preload()]);
    await preload();
    expect(loads).toBe(1);
  });
});
