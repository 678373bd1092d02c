import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { mediaMessages, RUNG_HEIGHT, RUNGS } from "#contract/media";
import type { Config } from "../shared/config.ts";
import type { AssetTask, SourceProbe, TrickplayLayout } from "../shared/media-ladder.ts";

/**
 * ffmpeg and ffprobe for the media pipeline (docs/decisions/025-media-pipeline.md).
 * SECURITY-CHECKLIST 39: they are given local files only, as absolute paths written `file:/…` by
 * Bobine itself (never a name or URL from a user), with `-protocol_whitelist file`, so neither a
 * crafted file name nor a playlist inside an upload (`concat:`, `http:`, `subfile,`) can make them
 * open anything else.
 */

const SEGMENT_SECONDS = 4;
const WHITELIST = ["-protocol_whitelist", "file"];

/** `file:` + an absolute path: ffmpeg never reads a protocol or an option out of it. */
export function localInput(file: string): string {
  if (!path.isAbsolute(file)) throw new Error("ffmpeg inputs are absolute local paths");
  return `file:${file}`;
}

export class FfmpegError extends Error {
  /** The reason in French, for the administrator. */
  readonly reason: string;
  /** Another attempt would end the same way (the source itself is at fault): fail at once. */
  readonly final: boolean;
  constructor(reason: string, { final = false }: { final?: boolean } = {}) {
    super(reason);
    this.reason = reason;
    this.final = final;
  }
}

/** ffmpeg's last words, in French when they are one of the usual causes. */
export function frenchReason(code: number | null, signal: string | null, stderr: string): string {
  const m = mediaMessages.ffmpeg;
  if (/No space left on device/i.test(stderr)) return m.noSpace;
  if (/moov atom not found/i.test(stderr)) return m.noMoov;
  if (/Invalid data found when processing input/i.test(stderr)) return m.invalidData;
  if (/(Decoder|Encoder) \(?[\w-]*\)? ?not found|Unknown (decoder|encoder)/i.test(stderr)) return m.decoder;
  if (/Permission denied/i.test(stderr)) return m.permission;
  if (/No such file or directory/i.test(stderr)) return m.missingSource;
  if (signal) return m.killed;
  const last =
    stderr
      .trim()
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .pop() ?? "";
  return m.exit(code, last.slice(0, 200));
}

interface RunOptions {
  /** Source duration in seconds, for the percentage. */
  duration?: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * The ffmpeg processes running: killed when Bobine's process ends, however it ends (an orphaned
 * encode ran on to its end for nothing, and its job, retried at the next start, encoded the rung
 * again).
 */
const running = new Set<ChildProcess>();
let killedOnExit = false;
function track(child: ChildProcess) {
  if (!killedOnExit) {
    killedOnExit = true;
    process.once("exit", () => {
      for (const c of running) c.kill("SIGKILL");
    });
  }
  running.add(child);
  child.once("close", () => running.delete(child));
  child.once("error", () => running.delete(child));
}

/** Runs ffmpeg with `-progress`; rejects with a FfmpegError whose reason is French. */
export function runFfmpeg(config: Config, args: string[], opts: RunOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      config.media.ffmpegPath,
      ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-progress", "pipe:1", "-nostats", ...args],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    track(child);
    if (opts.signal?.aborted) child.kill("SIGKILL");
    let stderr = "";
    let pending = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-8000);
    });
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match && opts.duration && opts.onProgress) {
          const seconds = Number(match[1]) / 1_000_000;
          opts.onProgress(Math.max(0, Math.min(99, Math.floor((seconds / opts.duration) * 100))));
        }
      }
    });
    const abort = () => child.kill("SIGKILL");
    opts.signal?.addEventListener("abort", abort, { once: true });
    child.on("error", (err) => {
      opts.signal?.removeEventListener("abort", abort);
      reject(new FfmpegError(mediaMessages.ffmpeg.exit(null, err.message)));
    });
    child.on("close", (code, signal) => {
      opts.signal?.removeEventListener("abort", abort);
      if (code === 0) resolve();
      else reject(new FfmpegError(frenchReason(code, signal, stderr)));
    });
  });
}

interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  level?: number;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
  tags?: { language?: string; title?: string };
}
interface ProbeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: ProbeStream[];
}

/** ffprobe's JSON of a local file, or null when it cannot read it at all. */
export function ffprobe(config: Config, file: string): Promise<ProbeOutput | null> {
  return new Promise((resolve) => {
    const child = spawn(
      config.media.ffprobePath,
      [
        "-v",
        "error",
        ...WHITELIST,
        "-show_entries",
        "format=format_name,duration:stream=index,codec_type,codec_name,profile,level,width,height,avg_frame_rate,r_frame_rate,channels:stream_disposition=attached_pic:stream_tags=language,title",
        "-of",
        "json",
        localInput(file),
      ],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      if (out.length > 1_000_000) child.kill("SIGKILL");
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", () => resolve(null));
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0) return resolve(null);
      try {
        resolve(JSON.parse(out) as ProbeOutput);
      } catch {
        resolve(null);
      }
    });
  });
}

/** Containers a film comes in. Anything else (an image, text read as `tty`, a playlist) is refused. */
const VIDEO_CONTAINERS =
  /^(mov|mp4|m4a|3gp|3g2|mj2|matroska|webm|avi|mpegts|mpeg|mpegvideo|flv|ogg|asf|mxf|m4v|h264|hevc)$/;
/** Codecs of still images and text: a « video » made of them is not a film. */
const STILL_CODECS = new Set(["mjpeg", "png", "bmp", "gif", "webp", "tiff", "ansi", "svg", "jpegls"]);

const rate = (value: string | undefined) => {
  const [num, den] = (value ?? "0/1").split("/").map(Number);
  return num && den ? num / den : 0;
};

/**
 * What the source is, or null when it is not a video (SECURITY-CHECKLIST 38): a known container,
 * a moving-picture video stream, and a duration.
 */
export async function probeSource(config: Config, file: string): Promise<SourceProbe | null> {
  const out = await ffprobe(config, file);
  if (!out?.format?.format_name) return null;
  const containers = out.format.format_name.split(",");
  if (!containers.some((c) => VIDEO_CONTAINERS.test(c))) return null;
  const streams = out.streams ?? [];
  const video = streams.find(
    (s) =>
      s.codec_type === "video" &&
      !s.disposition?.attached_pic &&
      !STILL_CODECS.has(s.codec_name ?? "") &&
      (s.width ?? 0) >= 16 &&
      (s.height ?? 0) >= 16,
  );
  const duration = Number(out.format.duration);
  if (!video || !Number.isFinite(duration) || duration < 0.5) return null;
  const frameRate = Math.min(60, rate(video.avg_frame_rate) || rate(video.r_frame_rate) || 25);
  const audio = streams
    .filter((s) => s.codec_type === "audio")
    .map((s, index) => ({
      index,
      language: s.tags?.language && s.tags.language !== "und" ? s.tags.language : null,
      title: s.tags?.title ?? null,
      channels: s.channels ?? 2,
    }));
  return {
    duration,
    width: video.width ?? 0,
    height: video.height ?? 0,
    frameRate: Math.round(frameRate * 1000) / 1000,
    audio,
  };
}

/**
 * Bits per pixel per frame for each rung (lower at the top: larger frames compress better), so a
 * rung's bitrate follows its size and frame rate: 360p30 ≈ 0.7 Mb/s, 720p30 ≈ 2.2 Mb/s,
 * 1080p30 ≈ 4.4 Mb/s, 2160p30 ≈ 13.7 Mb/s. Above 30 fps, each frame counts half.
 */
const BITS_PER_PIXEL: Record<(typeof RUNGS)[number], number> = {
  "360p": 0.1,
  "480p": 0.09,
  "720p": 0.08,
  "1080p": 0.07,
  "2160p": 0.055,
};

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The work for a source: rungs it allows (never upscaled), its audio tracks, poster and trickplay. */
export function planTasks(probe: SourceProbe, opts: { poster: boolean }): AssetTask[] {
  // The rung is named after the shorter side (a portrait 1080×1920 film is "1080p").
  const landscape = probe.width >= probe.height;
  const short = landscape ? probe.height : probe.width;
  const long = landscape ? probe.width : probe.height;
  let rungs = RUNGS.filter((r) => RUNG_HEIGHT[r] <= short);
  if (rungs.length === 0) rungs = ["360p"];
  const effectiveFps = probe.frameRate <= 30 ? probe.frameRate : 30 + (probe.frameRate - 30) / 2;
  const tasks: AssetTask[] = rungs.map((name) => {
    const shortSide = Math.min(RUNG_HEIGHT[name], even(short));
    const longSide = even((long * shortSide) / short);
    const width = landscape ? longSide : shortSide;
    const height = landscape ? shortSide : longSide;
    return {
      name,
      kind: "video",
      state: "queued",
      progress: 0,
      weight: (width * height) / (640 * 360),
      width,
      height,
      bitrate: Math.round(width * height * effectiveFps * BITS_PER_PIXEL[name]),
    };
  });
  probe.audio.forEach((track, i) => {
    tasks.push({
      name: `audio-${i}`,
      kind: "audio",
      state: "queued",
      progress: 0,
      weight: 0.1,
      audioIndex: track.index,
      language: track.language,
      label: track.title ?? "",
    });
  });
  if (opts.poster) tasks.push({ name: "poster", kind: "poster", state: "queued", progress: 0, weight: 0.05 });
  tasks.push({ name: "trickplay", kind: "trickplay", state: "queued", progress: 0, weight: 0.3 });
  return tasks;
}

/** Keyframes every SEGMENT_SECONDS exactly, in every rung: segments line up for switching. */
function gop(frameRate: number) {
  const g = Math.max(1, Math.round(frameRate * SEGMENT_SECONDS));
  return [
    "-g",
    String(g),
    "-keyint_min",
    String(g),
    "-sc_threshold",
    "0",
    "-force_key_frames",
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
  ];
}

const hlsOutput = (dir: string) => [
  "-f",
  "hls",
  "-hls_time",
  String(SEGMENT_SECONDS),
  "-hls_playlist_type",
  "vod",
  "-hls_segment_type",
  "fmp4",
  "-hls_flags",
  "independent_segments",
  "-hls_fmp4_init_filename",
  "init.mp4",
  "-hls_segment_filename",
  path.join(dir, "seg-%05d.m4s"),
  path.join(dir, "index.m3u8"),
];

const threads = (config: Config) =>
  config.media.ffmpegThreads > 0 ? ["-threads", String(config.media.ffmpegThreads)] : [];

/** How a rung is encoded and written: H.264 High, constrained bitrate, aligned keyframes, fMP4 HLS. */
function rungEncoding(config: Config, task: AssetTask, frameRate: number, dir: string) {
  const bitrate = task.bitrate ?? 1_000_000;
  return [
    "-c:v",
    "libx264",
    "-preset",
    config.media.ffmpegPreset,
    "-profile:v",
    "high",
    "-b:v",
    String(bitrate),
    "-maxrate",
    String(Math.round(bitrate * 1.5)),
    "-bufsize",
    String(bitrate * 2),
    ...gop(frameRate),
    ...threads(config),
    ...hlsOutput(dir),
  ];
}

const scaleTo = (task: AssetTask) => `scale=${task.width}:${task.height}:flags=bicubic,format=yuv420p`;

/** The arguments of one video rung, alone (MEDIA_LADDER=progressive). */
export function videoRungArgs(
  config: Config,
  source: string,
  task: AssetTask,
  frameRate: number,
  dir: string,
) {
  return [
    ...WHITELIST,
    ...threads(config),
    "-i",
    localInput(source),
    "-map",
    "0:v:0",
    "-an",
    "-sn",
    "-dn",
    "-vf",
    scaleTo(task),
    ...rungEncoding(config, task, frameRate, dir),
  ];
}

/**
 * Every rung of the ladder from one decode (MEDIA_LADDER=single): the source is decoded once, split,
 * and each branch scaled and encoded exactly as videoRungArgs encodes that rung alone, into its own
 * folder (`dirs`, in the order of `tasks`).
 */
export function ladderArgs(
  config: Config,
  source: string,
  tasks: AssetTask[],
  frameRate: number,
  dirs: string[],
) {
  const branches = tasks.map((_, i) => `[v${i}]`).join("");
  const scales = tasks.map((task, i) => `[v${i}]${scaleTo(task)}[o${i}]`).join(";");
  return [
    ...WHITELIST,
    ...threads(config),
    "-i",
    localInput(source),
    "-filter_complex",
    `[0:v:0]split=${tasks.length}${branches};${scales}`,
    ...tasks.flatMap((task, i) => [
      "-map",
      `[o${i}]`,
      "-an",
      "-sn",
      "-dn",
      ...rungEncoding(config, task, frameRate, dirs[i] as string),
    ]),
  ];
}

/** One audio rendition: AAC-LC stereo 128 kb/s, segments of the same length. */
export function audioArgs(config: Config, source: string, task: AssetTask, dir: string) {
  return [
    ...WHITELIST,
    "-i",
    localInput(source),
    "-map",
    `0:a:${task.audioIndex ?? 0}`,
    "-vn",
    "-sn",
    "-dn",
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-ac",
    "2",
    "-ar",
    "48000",
    ...threads(config),
    ...hlsOutput(dir),
  ];
}

/** A poster frame at a tenth of the film (past the opening titles), 720 px tall at most. */
export function posterArgs(source: string, probe: SourceProbe, file: string) {
  const at = Math.min(Math.max(0, probe.duration * 0.1), Math.max(0, probe.duration - 1));
  return [
    ...WHITELIST,
    "-ss",
    at.toFixed(2),
    "-i",
    localInput(source),
    "-frames:v",
    "1",
    "-vf",
    "scale=-2:'min(720,ih)'",
    "-q:v",
    "3",
    file,
  ];
}

/** Jellyfin's defaults: one thumbnail every 10 s, 320 px wide, 10 × 10 per JPEG sheet. */
export const TRICKPLAY = { intervalSeconds: 10, width: 320, columns: 10, rows: 10 };

export function trickplayLayout(probe: SourceProbe): TrickplayLayout {
  const tileHeight = even((TRICKPLAY.width * probe.height) / probe.width);
  return {
    intervalSeconds: TRICKPLAY.intervalSeconds,
    tileWidth: TRICKPLAY.width,
    tileHeight,
    columns: TRICKPLAY.columns,
    rows: TRICKPLAY.rows,
    count: Math.max(1, Math.ceil(probe.duration / TRICKPLAY.intervalSeconds)),
  };
}

export function trickplayArgs(source: string, layout: TrickplayLayout, dir: string) {
  return [
    ...WHITELIST,
    // One thread: the sheets are low priority beside the rungs.
    "-threads",
    "1",
    "-i",
    localInput(source),
    "-an",
    "-sn",
    "-vf",
    `fps=1/${layout.intervalSeconds},scale=${layout.tileWidth}:${layout.tileHeight},tile=${layout.columns}x${layout.rows}`,
    "-q:v",
    "5",
    path.join(dir, "sheet-%03d.jpg"),
  ];
}

/** RFC 6381 profile and constraint bytes of H.264 profiles as ffprobe names them. */
const AVC_PROFILES: Record<string, string> = {
  Baseline: "4200",
  "Constrained Baseline": "42e0",
  ConstrainedBaseline: "42e0",
  Main: "4d40",
  High: "6400",
};

/** « 1:05 », « 1:02:03 »: a length as an administrator reads it. */
export function clockText(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * A rendition that plays much less than its source announces (a file cut short whose index still
 * gives the whole length: ffmpeg encodes what is there and exits 0) is refused, in French. The
 * margin leaves room for a track a little shorter than the container (audio past the last frame).
 */
export function truncation(madeSeconds: number, announcedSeconds: number): string | null {
  const margin = Math.max(3, announcedSeconds * 0.05);
  return announcedSeconds - madeSeconds > margin
    ? mediaMessages.ffmpeg.truncated(clockText(madeSeconds), clockText(announcedSeconds))
    : null;
}

/**
 * What the master playlist says of a finished rendition, measured on the output: CODECS from the
 * init segment (avc1.PPCCLL, mp4a.40.2), frame rate, and BANDWIDTH as the peak segment bitrate
 * (AVERAGE-BANDWIDTH the mean), read from the segment sizes and the durations of its playlist.
 */
export async function measureRendition(config: Config, dir: string) {
  const playlist = await fs.readFile(path.join(dir, "index.m3u8"), "utf8");
  const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
  const files = playlist.split("\n").filter((line) => /^seg-\d{5}\.m4s$/.test(line.trim()));
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (const [i, name] of files.entries()) {
    const size = (await fs.stat(path.join(dir, name.trim()))).size;
    const duration = durations[i] ?? SEGMENT_SECONDS;
    bits += size * 8;
    seconds += duration;
    // A very short last segment says little about the peak.
    if (duration >= 1 || files.length === 1) peak = Math.max(peak, (size * 8) / Math.max(duration, 0.1));
  }
  // The init segment alone has no frame to read the level from: the init and first segment, joined.
  const sample = path.join(dir, "sample.mp4");
  const first = files[0]?.trim();
  await fs.writeFile(
    sample,
    Buffer.concat([
      await fs.readFile(path.join(dir, "init.mp4")),
      ...(first ? [await fs.readFile(path.join(dir, first))] : []),
    ]),
  );
  const probe = await ffprobe(config, sample);
  await fs.rm(sample, { force: true });
  const stream = probe?.streams?.[0];
  let codecs = "mp4a.40.2";
  if (stream?.codec_type === "video") {
    const profile = AVC_PROFILES[stream.profile ?? "High"] ?? "6400";
    const level = (stream.level && stream.level > 0 ? stream.level : 40).toString(16).padStart(2, "0");
    codecs = `avc1.${profile}${level}`;
  }
  return {
    /** What the playlist plays, in seconds (its segments' durations added up). */
    seconds,
    bandwidth: Math.ceil(peak),
    averageBandwidth: Math.ceil(seconds > 0 ? bits / seconds : 0),
    codecs,
    frameRate: stream
      ? Math.round(rate(stream.avg_frame_rate || stream.r_frame_rate) * 1000) / 1000
      : undefined,
  };
}
