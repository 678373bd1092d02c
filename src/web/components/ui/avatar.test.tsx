import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Avatar } from "./avatar.tsx";

afterEach(cleanup);

describe("a member's avatar", () => {
  it("shows the initial instead of a broken image when the picture does not load", () => {
    const { container } = render(<Avatar username="zoé" avatar="https://exemple.fr/a.png" />);
    const img = container.querySelector("img");
    expect(img?.getAttribute("src")).toBe("https://exemple.fr/a.png");
    fireEvent.error(img as HTMLImageElement);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe("Z");
  });
});
