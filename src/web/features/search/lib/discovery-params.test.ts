import { describe, expect, it } from "vitest";
import {
  clearFilters,
  countActiveFilters,
  effectiveQuery,
  groupByCategory,
  listQueryFor,
  parseDiscovery,
  serializeDiscovery,
} from "./discovery-params.ts";

const parse = (s: string) => parseDiscovery(new URLSearchParams(s), 2026);

describe("discovery URL state", () => {
  it("reads defaults from an empty URL", () => {
    expect(parse("")).toEqual({
      q: "",
      categories: [],
      language: undefined,
      yearMin: undefined,
      yearMax: undefined,
      ratingMin: 0,
      ratingMax: 5,
      sort: "relevance",
      view: "modern",
    });
  });

  it("round-trips a full state", () => {
    const url =
      "q=coeur&categories=Drame&categories=Com%C3%A9die&language=fr&yearMin=1990&yearMax=2020&ratingMin=2.5&ratingMax=4&sort=year&view=classic";
    const state = parse(url);
    expect(state.categories).toEqual(["Drame", "Comédie"]);
    expect(serializeDiscovery(state).toString()).toBe(url);
    expect(countActiveFilters(state)).toBe(6);
  });

  it("accepts comma-separated categories and drops invalid values", () => {
    const state = parse(
      "categories=Drame,Thriller,Drame&language=xx&yearMin=1800&yearMax=2999&ratingMin=1.3&sort=bad",
    );
    expect(state.categories).toEqual(["Drame", "Thriller"]);
    expect(state.language).toBeUndefined();
    expect(state.yearMin).toBeUndefined();
    expect(state.yearMax).toBeUndefined();
    expect(state.ratingMin).toBe(0);
    expect(state.sort).toBe("relevance");
  });

  it("reads and writes the view against the screen's own default (the search page opens on the classic grid)", () => {
    const onSearch = (s: string) => parseDiscovery(new URLSearchParams(s), 2026, "classic");
    expect(onSearch("q=nuit").view).toBe("classic");
    expect(onSearch("q=nuit&view=modern").view).toBe("modern");
    expect(onSearch("q=nuit&view=n-importe").view).toBe("classic");
    expect(serializeDiscovery(onSearch("q=nuit"), "classic").toString()).toBe("q=nuit");
    expect(serializeDiscovery(onSearch("q=nuit&view=modern"), "classic").toString()).toBe(
      "q=nuit&view=modern",
    );
    expect(parse("view=modern").view).toBe("modern");
  });

  it("swaps inverted ranges", () => {
    const state = parse("yearMin=2020&yearMax=2000&ratingMin=4&ratingMax=1");
    expect([state.yearMin, state.yearMax, state.ratingMin, state.ratingMax]).toEqual([2000, 2020, 1, 4]);
  });

  it("clears filters but keeps query, sort and view", () => {
    const cleared = clearFilters(parse("q=nuit&categories=Drame&language=en&sort=title&view=classic"));
    expect(countActiveFilters(cleared)).toBe(0);
    expect(serializeDiscovery(cleared).toString()).toBe("q=nuit&sort=title&view=classic");
  });

  it("sends no search under 2 characters and no default rating bounds", () => {
    expect(effectiveQuery(" a ")).toBeUndefined();
    expect(effectiveQuery(" ab ")).toBe("ab");
    expect(listQueryFor(parse("q=x&ratingMax=5"))).toMatchObject({ q: undefined, ratingMax: undefined });
  });

  it("groups by main category in category order and hides empty groups", () => {
    const v = (category: string[]) => ({ category });
    const groups = groupByCategory(
      [v(["Thriller"]), v(["Drame", "Thriller"]), v(["Thriller"])],
      ["Drame", "Comédie", "Thriller"],
    );
    expect(groups.map((g) => [g.name, g.videos.length])).toEqual([
      ["Drame", 1],
      ["Thriller", 2],
    ]);
    const filtered = groupByCategory([v(["Drame", "Thriller"])], ["Drame", "Thriller"], ["Thriller"]);
    expect(filtered.map((g) => g.name)).toEqual(["Thriller"]);
  });
});
