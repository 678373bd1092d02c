import { QUALITY_MAX_HEIGHT, RUNG_HEIGHT, RUNGS, type Rung } from "#contract/media";

/**
 * The shape of a media asset's work and ladder (docs/decisions/025-media-pipeline.md), shared by
 * the media domain (which writes it: probe, transcoding) and the stream domain (which reads it:
 * master playlist, plan cap). Stored as JSON in `media_assets`.
 */

/** What ffprobe says of a source. */
export interface SourceProbe {
  duration: number;
  width: number;
  height: number;
  frameRate: number;
  audio: { index: number; language: string | null; title: string | null; channels: number }[];
}

/** One piece of work of an asset: a rung, an audio rendition, the poster or the trickplay sheets. */
export interface AssetTask {
  name: string;
  kind: "video" | "audio" | "poster" | "trickplay";
  state: "queued" | "running" | "ready" | "failed";
  progress: number;
  /** Relative weight in the asset's overall percentage. */
  weight: number;
  /** Video: the planned size and bitrate. */
  width?: number;
  height?: number;
  bitrate?: number;
  /** Audio: the source stream's index among its audio streams, language and name. */
  audioIndex?: number;
  language?: string | null;
  label?: string;
  /** Once ready, what the master playlist says of it (measured on the output). */
  bandwidth?: number;
  averageBandwidth?: number;
  codecs?: string;
  frameRate?: number;
  error?: string;
}

export interface TrickplayLayout {
  intervalSeconds: number;
  tileWidth: number;
  tileHeight: number;
  columns: number;
  rows: number;
  count: number;
}

/** Store keys of a target's media (decision 013's layout). */
export const mediaKeys = {
  source: (target: string) => `uploads/${target}/source`,
  uploads: (target: string) => `uploads/${target}`,
  ladder: (target: string) => `hls/${target}`,
  track: (target: string, track: string) => `hls/${target}/${track}`,
  file: (target: string, track: string, name: string) => `hls/${target}/${track}/${name}`,
  trickplay: (target: string, sheet: number) =>
    `hls/${target}/trickplay/sheet-${String(sheet).padStart(3, "0")}.jpg`,
  poster: (target: string) => `images/${target}-poster.jpg`,
};

/** The tallest rung a plan may fetch (spec §9: basic 720p, premium and lifetime 2160p). */
export const maxHeightOf = (quality: keyof typeof QUALITY_MAX_HEIGHT) => QUALITY_MAX_HEIGHT[quality];

export const isRung = (name: string): name is Rung => (RUNGS as readonly string[]).includes(name);

/** Whether a ticket whose plan allows `maxHeight` may fetch this track (audio: always). */
export function trackAllowed(track: string, maxHeight: number): boolean {
  if (!isRung(track)) return track.startsWith("audio-");
  return RUNG_HEIGHT[track] <= maxHeight;
}
