// @vitest-environment node
import { describe, expect, it } from "vitest";
import { fr } from "./fr.ts";

/** Every text of the catalogue, functions called with sample arguments. */
function texts(node: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof node === "string") out.push([path, node]);
  else if (typeof node === "function")
    out.push([path, String((node as (...a: unknown[]) => unknown)(2, "2"))]);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) texts(value, `${path}.${key}`, out);
  }
  return out;
}

describe("French typography in fr.ts", () => {
  const all = texts(fr, "fr");

  it("puts a non-breaking space, never a plain one, before : ; ! ? and »", () => {
    const bad = all.filter(([, text]) => / [:;!?»]/.test(text) || /« /.test(text));
    expect(bad).toEqual([]);
  });

  it("never glues : ; ! ? to the word before", () => {
    const bad = all.filter(([, text]) => /[\p{L}\d][;!?]/u.test(text) || /[\p{L}][:](?!\/\/)/u.test(text));
    expect(bad).toEqual([]);
  });

  it("agrees in number", () => {
    expect(fr.video.seasons(1, "1")).toBe("1\u00a0saison");
    expect(fr.video.seasons(3, "3")).toBe("3\u00a0saisons");
    expect(fr.home.titleCount(0, "0")).toBe("0\u00a0titre");
  });
});
