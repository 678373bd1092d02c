import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SEARCH_DEBOUNCE_MS } from "#web/lib/use-debounced.ts";
import { PageSearchInput } from "./page-search-input.tsx";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const type = (text: string) => {
  fireEvent.change(screen.getByRole("searchbox"), { target: { value: text } });
  act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
};

describe("the page's search box and the address", () => {
  it("keeps what the reader typed when the address gives back an older query late, and follows a change made elsewhere", () => {
    const onChange = vi.fn();
    const { rerender } = render(<PageSearchInput value="" onChange={onChange} />);
    type("coeur");
    type("coeur de");
    expect(onChange.mock.calls.map(([q]) => q)).toEqual(["coeur", "coeur de"]);

    // The navigation to « coeur » is drawn after the reader typed « coeur de ».
    rerender(<PageSearchInput value="coeur" onChange={onChange} />);
    expect(screen.getByRole("searchbox")).toHaveProperty("value", "coeur de");
    rerender(<PageSearchInput value="coeur de" onChange={onChange} />);
    expect(screen.getByRole("searchbox")).toHaveProperty("value", "coeur de");

    // Back, or « Effacer »: a query this box did not send is shown.
    rerender(<PageSearchInput value="" onChange={onChange} />);
    expect(screen.getByRole("searchbox")).toHaveProperty("value", "");
    rerender(<PageSearchInput value="pierre" onChange={onChange} />);
    expect(screen.getByRole("searchbox")).toHaveProperty("value", "pierre");
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
