// @vitest-environment node
import { describe, expect, it } from "vitest";
import { homeText } from "./catalogue.ts";
import { videoText } from "./common.ts";

/** Every module of src/web/i18n but this file's own helpers and tests. */
const modules = import.meta.glob<Record<string, unknown>>(["./*.ts", "!./*.test.ts", "!./typography.ts"], {
  eager: true,
});

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

describe("French typography in src/web/i18n", () => {
  const all = Object.entries(modules).flatMap(([file, module]) => texts(module, file));

  it("reads every text module", () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(13);
    expect(all.length).toBeGreaterThan(500);
  });

  it("puts a non-breaking space, never a plain one, before : ; ! ? and »", () => {
    const bad = all.filter(([, text]) => / [:;!?»]/.test(text) || /« /.test(text));
    expect(bad).toEqual([]);
  });

  it("never glues : ; ! ? to the word before", () => {
    const bad = all.filter(([, text]) => /[\p{L}\d][;!?]/u.test(text) || /[\p{L}][:](?!\/\/)/u.test(text));
    expect(bad).toEqual([]);
  });

  it("agrees in number", () => {
    expect(videoText.seasons(1, "1")).toBe("1\u00a0saison");
    expect(videoText.seasons(3, "3")).toBe("3\u00a0saisons");
    expect(homeText.titleCount(0, "0")).toBe("0\u00a0titre");
  });
});
