import { randomUUID } from "node:crypto";
import type { OutputInfo } from "sharp";
import { OWN_IMAGE_PREFIX } from "#contract/admin-common";
import { adminImageMessages, type ImageKind } from "#contract/admin-videos";
import { type Actor, recordAudit } from "../shared/audit.queries.ts";
import type { AppContext } from "../shared/context.ts";
import { AppError, fieldError } from "../shared/errors.ts";

/**
 * Posters, backdrops and episode thumbnails sent by administrators (decision 015; SECURITY-CHECKLIST
 * 38; docs/decisions/016-uploads.md). What the bytes are is read from the bytes, never from the
 * name or the declared type: a file must start like a JPEG, PNG, WebP, GIF or AVIF and decode as
 * that same format (an SVG, HTML or script named .jpg is refused), within a pixel budget (a
 * decompression bomb is refused before it is decoded). It is then re-encoded to WebP — which drops
 * whatever else the file carried (metadata, trailing data) — bounded in size, and kept in the media
 * store. A refused file leaves nothing behind.
 */

type Deps = Pick<AppContext, "db" | "mediaStore">;
const m = adminImageMessages;

/** 40 megapixels: a large photograph passes, a 100,000 × 100,000 "bomb" does not. */
const MAX_PIXELS = 40_000_000;
/** The widest each kind is kept (never enlarged). */
const WIDTH: Record<ImageKind, number> = { poster: 1000, backdrop: 1920, thumbnail: 960 };

type Sniffed = "jpeg" | "png" | "gif" | "webp" | "heif";

/** The format the first bytes announce (magic numbers), or null. */
export function sniffImage(bytes: Buffer): Sniffed | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString("latin1");
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp" && /^(avif|avis)$/.test(ascii(8, 12))) return "heif";
  return null;
}

export async function storeImage(deps: Deps, actor: Actor, kind: ImageKind, file: Buffer | undefined) {
  if (!file || file.length === 0) throw fieldError("file", m.missing);
  const sniffed = sniffImage(file);
  if (!sniffed) throw fieldError("file", m.notAnImage);
  let encoded: { data: Buffer; info: OutputInfo };
  // Loaded on first use: its native library is not needed by a process that never gets an image.
  const { default: sharp } = await import("sharp");
  try {
    const image = sharp(file, { limitInputPixels: MAX_PIXELS, failOn: "error", animated: false });
    const meta = await image.metadata();
    if (meta.format !== sniffed) throw fieldError("file", m.notAnImage);
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw fieldError("file", m.tooLarge);
    encoded = await image
      .rotate()
      .resize({ width: WIDTH[kind], withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const pixels = err instanceof Error && /pixel limit/i.test(err.message);
    throw fieldError("file", pixels ? m.tooLarge : m.notAnImage);
  }
  const name = `${randomUUID()}-${kind}.webp`;
  await deps.mediaStore.put(`images/${name}`, encoded.data, "image/webp");
  const url = `${OWN_IMAGE_PREFIX}${name}`;
  try {
    await deps.db.transaction((tx) =>
      recordAudit(tx, actor, {
        action: "image.upload",
        targetType: "image",
        targetId: name,
        targetLabel: url,
        after: { kind, width: encoded.info.width, height: encoded.info.height, bytes: encoded.data.length },
      }),
    );
  } catch (err) {
    await deps.mediaStore.delete(`images/${name}`).catch(() => {});
    throw err;
  }
  return { url, width: encoded.info.width, height: encoded.info.height, bytes: encoded.data.length };
}
