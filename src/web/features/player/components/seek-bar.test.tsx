import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SeekBar } from "./seek-bar.tsx";

const trickplay = {
  sheetUrl: "/api/stream/trickplay/00000000-0000-4000-8000-000000000000/1?token=a.b",
  intervalSeconds: 10,
  tileWidth: 320,
  tileHeight: 180,
  columns: 10,
  rows: 10,
  count: 100,
};

afterEach(cleanup);

describe("the seek bar's trickplay preview", () => {
  it("shows the thumbnail of the moment under the pointer, and hides it when the pointer leaves", () => {
    const { container } = render(
      <SeekBar time={0} duration={1000} bufferedEnd={0} trickplay={trickplay} onSeek={() => {}} />,
    );
    const bar = container.firstElementChild as HTMLElement;
    bar.getBoundingClientRect = () => ({ left: 0, width: 1000, top: 0, height: 16 }) as DOMRect;
    fireEvent.pointerMove(bar, { clientX: 125 });
    const preview = screen.getByTestId("trickplay-preview");
    expect(preview.textContent).toBe("2:05");
    const tile = preview.firstElementChild as HTMLElement;
    expect(tile.style.backgroundPosition).toBe("-320px -90px");
    fireEvent.pointerLeave(bar);
    expect(screen.queryByTestId("trickplay-preview")).toBeNull();
  });

  it("follows the thumb while dragging", () => {
    const { rerender } = render(
      <SeekBar time={0} duration={1000} bufferedEnd={0} trickplay={trickplay} onSeek={() => {}} />,
    );
    fireEvent.pointerDown(screen.getByRole("slider"));
    rerender(<SeekBar time={500} duration={1000} bufferedEnd={0} trickplay={trickplay} onSeek={() => {}} />);
    expect(screen.getByTestId("trickplay-preview").textContent).toBe("8:20");
  });
});
