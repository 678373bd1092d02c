import { describe, expect, it } from "vitest";
import { playerText } from "#web/i18n/player.ts";
import { formatClock, playbackErrorMessage } from "./playback-errors.ts";
import { clampVolume, keyAction } from "./player-keys.ts";

const body = { tagName: "DIV", role: null };

describe("player keys (spec §2)", () => {
  it("maps space, m, f, Escape and the arrows to their actions", () => {
    expect(keyAction({ key: " ", ctrlKey: false, metaKey: false, altKey: false }, body)).toEqual({
      type: "toggle-play",
    });
    expect(keyAction({ key: "m", ctrlKey: false, metaKey: false, altKey: false }, body)).toEqual({
      type: "toggle-mute",
    });
    expect(keyAction({ key: "f", ctrlKey: false, metaKey: false, altKey: false }, body)).toEqual({
      type: "toggle-fullscreen",
    });
    expect(keyAction({ key: "Escape", ctrlKey: false, metaKey: false, altKey: false }, body)).toEqual({
      type: "escape",
    });
    expect(keyAction({ key: "ArrowLeft", ctrlKey: false, metaKey: false, altKey: false }, body)).toEqual({
      type: "seek-by",
      seconds: -10,
    });
    expect(keyAction({ key: "ArrowUp", ctrlKey: false, metaKey: false, altKey: false }, body)).toEqual({
      type: "volume-by",
      delta: 0.1,
    });
  });

  it("leaves Space to a focused button and arrows to a focused slider", () => {
    const button = { tagName: "BUTTON", role: null };
    const slider = { tagName: "INPUT", role: null, type: "range" };
    expect(keyAction({ key: " ", ctrlKey: false, metaKey: false, altKey: false }, button)).toBeNull();
    expect(keyAction({ key: "ArrowLeft", ctrlKey: false, metaKey: false, altKey: false }, slider)).toBeNull();
    expect(keyAction({ key: "m", ctrlKey: false, metaKey: false, altKey: false }, slider)).toEqual({
      type: "toggle-mute",
    });
  });

  it("ignores browser shortcuts with a modifier", () => {
    expect(keyAction({ key: "f", ctrlKey: true, metaKey: false, altKey: false }, body)).toBeNull();
  });

  it("keeps the volume between 0 and 1 in steps of 0.1", () => {
    expect(clampVolume(0.8 + 0.1 + 0.1 + 0.1)).toBe(1);
    expect(clampVolume(0.1 - 0.2)).toBe(0);
    expect(clampVolume(0.7 + 0.1)).toBe(0.8);
  });
});

describe("playback errors (spec §8)", () => {
  it("says what the media element reported", () => {
    expect(playbackErrorMessage({ kind: "media", code: 2 })).toBe("Erreur de réseau lors du chargement");
    expect(playbackErrorMessage({ kind: "media", code: 3 })).toBe("Erreur de décodage vidéo");
    expect(playbackErrorMessage({ kind: "media", code: 4 })).toBe("Format vidéo non supporté");
    expect(playbackErrorMessage({ kind: "media", code: 1 })).toBe("Chargement interrompu");
    expect(playbackErrorMessage({ kind: "timeout" })).toBe("Timeout de chargement vidéo");
  });

  it("passes the stream's own message through 'Erreur de chargement: {detail}'", () => {
    expect(
      playbackErrorMessage({
        kind: "stream",
        status: 404,
        message: "La vidéo demandée n'est pas disponible",
      }),
    ).toBe(playerText.errors.loading("La vidéo demandée n'est pas disponible"));
    expect(playerText.errors.loading("x")).toBe("Erreur de chargement\u00a0: x");
  });

  it("formats the player's clock", () => {
    expect(formatClock(65)).toBe("1:05");
    expect(formatClock(3723)).toBe("1:02:03");
    expect(formatClock(Number.NaN)).toBe("0:00");
  });
});
