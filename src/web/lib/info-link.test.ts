import { describe, expect, it } from "vitest";
import { opensInfoView } from "./info-link.ts";

const id = "3be9a033-c981-5dc7-9b89-f24098e94879";

describe("an address that opens the info view", () => {
  it("is any screen with ?info= and a video's id, its other parameters kept", () => {
    expect(opensInfoView("/", `?info=${id}`)).toBe(true);
    expect(opensInfoView("/browse", `?categories=Drame&info=${id}`)).toBe(true);
  });

  it("is never the player, nor an address whose info is not a video's id", () => {
    expect(opensInfoView(`/video/${id}`, `?info=${id}`)).toBe(false);
    expect(opensInfoView("/", "?info=not-an-id")).toBe(false);
    expect(opensInfoView("/", "")).toBe(false);
  });
});
