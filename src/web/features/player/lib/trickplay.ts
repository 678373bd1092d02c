import type { TrickplayInfo } from "#contract/media";

/**
 * Where the thumbnail of a moment is (decision 025, Jellyfin's layout): thumbnail n = floor(t /
 * interval), on sheet floor(n / (columns × rows)) + 1, at its column and row in that sheet.
 */
export function trickplayTile(info: TrickplayInfo, seconds: number): { url: string; x: number; y: number } {
  const perSheet = info.columns * info.rows;
  const index = Math.min(
    Math.max(0, Math.floor(seconds / info.intervalSeconds)),
    Math.max(0, info.count - 1),
  );
  const sheet = Math.floor(index / perSheet) + 1;
  const inSheet = index % perSheet;
  return {
    // The sheet number is the last segment of the path, before the ticket.
    url: info.sheetUrl.replace(/\/1(\?|$)/, `/${sheet}$1`),
    x: (inSheet % info.columns) * info.tileWidth,
    y: Math.floor(inSheet / info.columns) * info.tileHeight,
  };
}
