import { isOwnImage, OWN_IMAGE_PREFIX } from "#contract/admin-common";
import type { MediaStore } from "../shared/media-store.ts";
import { mediaKey } from "../shared/media-store.ts";

/**
 * Which media-store keys (docs/decisions/013-media-store.md) a row's addresses name: `local:videos/…`
 * and `local:subtitles/…` (decision 006), `/media/images/…` (the images Bobine serves). Remote
 * addresses name nothing of ours.
 */
export function storeKeyOf(address: string): string | null {
  try {
    if (address.startsWith("local:videos/") || address.startsWith("local:subtitles/")) {
      return mediaKey(address.slice("local:".length));
    }
    if (isOwnImage(address)) return mediaKey(`images/${address.slice(OWN_IMAGE_PREFIX.length)}`);
  } catch {
    return null;
  }
  return null;
}

/** Folders a video may own whole: its uploaded original and its transcoded ladder (the media work). */
export const videoFolders = (videoId: string) => [`uploads/${videoId}`, `hls/${videoId}`];

/**
 * Deletes the files of addresses nothing names any more and a deleted video's own folders; answers
 * how many files went. Runs after the rows' transaction committed: a failed deletion loses no row,
 * and a file left behind is only space (logged by the caller).
 */
export async function deleteFiles(
  store: MediaStore,
  addresses: string[],
  videoIds: string[] = [],
): Promise<number> {
  let deleted = 0;
  for (const key of new Set(addresses.map(storeKeyOf).filter((k): k is string => k !== null))) {
    if (await store.stat(key)) {
      await store.delete(key);
      deleted += 1;
    }
  }
  for (const id of videoIds) {
    for (const folder of videoFolders(id)) {
      if ((await store.usage(folder)) > 0) deleted += 1;
      await store.deletePrefix(folder);
    }
  }
  return deleted;
}

/**
 * Bytes and files a video's media take in the store: the files its addresses name, and the folders
 * of its targets (the video, and a series' episodes: `mediaTargetsOf`), each folder counted as one.
 */
export async function storageOf(
  store: MediaStore,
  addresses: string[],
  targets: string[],
): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  for (const key of new Set(addresses.map(storeKeyOf).filter((k): k is string => k !== null))) {
    const st = await store.stat(key);
    if (st) {
      bytes += st.size;
      files += 1;
    }
  }
  for (const folder of targets.flatMap(videoFolders)) {
    const used = await store.usage(folder);
    if (used > 0) {
      bytes += used;
      files += 1;
    }
  }
  return { bytes, files };
}
