import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, memberMessages } from "#contract/member";
import { parseSettingsFile } from "./settings-file.ts";

describe("parseSettingsFile", () => {
  it("accepts a settings object and the settings of a whole export", () => {
    expect(parseSettingsFile(JSON.stringify(DEFAULT_SETTINGS))).toEqual({
      ok: true,
      settings: DEFAULT_SETTINGS,
    });
    const exported = {
      format: "bobine-export/1",
      profile: {},
      settings: { ...DEFAULT_SETTINGS, quality: "high" },
    };
    expect(parseSettingsFile(JSON.stringify(exported))).toEqual({
      ok: true,
      settings: { ...DEFAULT_SETTINGS, quality: "high" },
    });
  });

  it("refuses what is not JSON, bad values, unknown fields and prototype tricks, in French", () => {
    const notJson = parseSettingsFile("<html>");
    expect(notJson).toEqual({
      ok: false,
      error: `${memberMessages.importInvalid} : ${memberMessages.importNotJson}`,
      detail: memberMessages.importNotJson,
    });
    const bad = parseSettingsFile(JSON.stringify({ ...DEFAULT_SETTINGS, volume: 3 }));
    expect(bad).toEqual({
      ok: false,
      error: `${memberMessages.importInvalid} : ${memberMessages.volume}`,
      detail: memberMessages.volume,
    });
    const extra = parseSettingsFile(JSON.stringify({ ...DEFAULT_SETTINGS, isAdmin: true }));
    expect(extra.ok).toBe(false);
    const proto = parseSettingsFile(
      `{"__proto__": {"polluted": true}, ${JSON.stringify(DEFAULT_SETTINGS).slice(1)}`,
    );
    expect(proto.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const renew = parseSettingsFile(
      JSON.stringify({
        ...DEFAULT_SETTINGS,
        billing: { preferredMethod: "paysafecard", autoRenew: true, notifyBeforeDays: 2 },
      }),
    );
    expect(renew).toEqual({
      ok: false,
      error: `${memberMessages.importInvalid} : ${memberMessages.autoRenew}`,
      detail: memberMessages.autoRenew,
    });
    expect(parseSettingsFile("x".repeat(200_000)).ok).toBe(false);
  });
});
