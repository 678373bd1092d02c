import { playerText } from "#web/i18n/player.ts";

/** spec §9: a source that has not loaded after 30 s is a 'Timeout de chargement vidéo'. */
export const LOAD_TIMEOUT_MS = 30_000;

export type PlaybackFailure =
  | { kind: "media"; code: number }
  | { kind: "timeout" }
  | { kind: "stream"; status: number; message: string | null }
  | { kind: "other"; detail: string };

/**
 * spec §8 Playback errors, from what actually went wrong: the media element's MediaError code,
 * the 30 s load timeout, or the stream's own answer (status and French message) when the
 * element only says the source failed.
 */
export function playbackErrorMessage(failure: PlaybackFailure): string {
  const t = playerText.errors;
  switch (failure.kind) {
    case "timeout":
      return t.timeout;
    case "media":
      // MediaError codes: 1 aborted, 2 network, 3 decode, 4 source not supported.
      if (failure.code === 1) return t.aborted;
      if (failure.code === 2) return t.network;
      if (failure.code === 3) return t.decode;
      if (failure.code === 4) return t.unsupported;
      return t.generic;
    case "stream":
      if (failure.status === 0) return t.network;
      return t.loading(failure.message ?? `HTTP ${failure.status}`);
    case "other":
      return t.loading(failure.detail);
  }
}

/** "1:05", "12:09", "1:02:03" (spec §2 player time). */
export function formatClock(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, "0") : String(minutes);
  return `${hours > 0 ? `${hours}:` : ""}${mm}:${String(seconds).padStart(2, "0")}`;
}
