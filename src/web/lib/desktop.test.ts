// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isDesktopUserAgent } from "./desktop.ts";

describe("isDesktopUserAgent (spec §1 desktop-app variant)", () => {
  it("recognises the marker anywhere in the user agent", () => {
    expect(
      isDesktopUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) BobineDesktop/1.2.0 Chrome/138.0 Electron/37.0 Safari/537.36",
      ),
    ).toBe(true);
    expect(isDesktopUserAgent("BobineDesktop")).toBe(true);
  });

  it("leaves ordinary browsers alone", () => {
    expect(
      isDesktopUserAgent(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      ),
    ).toBe(false);
    expect(isDesktopUserAgent("bobinedesktop")).toBe(false);
    expect(isDesktopUserAgent("")).toBe(false);
    expect(isDesktopUserAgent(undefined)).toBe(false);
    expect(isDesktopUserAgent(null)).toBe(false);
  });
});
