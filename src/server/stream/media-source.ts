import path from "node:path";

/**
 * `video_url` / `subtitle_url` values of the form `local:<folder>/<file>` name a file of the media
 * folder (DATA_DIR/media). Only plain file names are accepted: no sub-folders, no `..`, no hidden
 * files, so a bad row can never reach outside the folder. Remote URLs are not streamed (the
 * `url=` form is refused, docs/decisions/006-stream.md).
 */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export function localMediaPath(
  source: string | null | undefined,
  folder: "videos" | "subtitles",
): string | null {
  if (!source?.startsWith("local:")) return null;
  const rest = source.slice("local:".length);
  const prefix = `${folder}/`;
  if (!rest.startsWith(prefix)) return null;
  const name = rest.slice(prefix.length);
  if (!FILE_NAME.test(name) || name.includes("..")) return null;
  return `${folder}/${name}`;
}

/** Absolute path of a relative media path, refusing anything that would leave the folder. */
export function resolveInMedia(mediaDir: string, relative: string): string | null {
  const root = path.resolve(mediaDir);
  const full = path.resolve(root, relative);
  return full.startsWith(root + path.sep) ? full : null;
}

const VIDEO_TYPES: Record<string, string> = {
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".mov": "video/quicktime",
  ".webm": "video/webm",
  ".mkv": "video/x-matroska",
  ".ogv": "video/ogg",
  ".ts": "video/mp2t",
};

export const videoContentType = (file: string) =>
  VIDEO_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
