import { endpointUrl } from "#contract/endpoint";
import {
  AUDIO_LANGUAGES,
  hlsMaster,
  hlsSubtitles,
  mediaMessages,
  RUNG_HEIGHT,
  type TrickplayInfo,
  trickplaySheet,
} from "#contract/media";
import { getSubtitles, streamMessages } from "#contract/stream";
import type { Db } from "#db/client";
import { AppError } from "../shared/errors.ts";
import {
  type AssetTask,
  isRung,
  mediaKeys,
  type SourceProbe,
  type TrickplayLayout,
  trackAllowed,
} from "../shared/media-ladder.ts";
import type { MediaStore } from "../shared/media-store.ts";
import { ladderOf, subtitleSource, subtitleTracks } from "./stream.queries.ts";
import type { TicketClaims } from "./ticket.ts";

/**
 * The ladder through the stream ticket (decision 025; SECURITY-CHECKLIST 40). The master playlist is
 * written per ticket from the asset's row: only the ready rungs the ticket's plan allows (basic ≤
 * 720p), the audio renditions, the subtitle tracks; every URI in it and in the rung playlists
 * carries the ticket, so hls.js and Safari fetch each playlist and segment with it, and each
 * request is checked like the file proxy's (same video, live lease, same client), plus the rung
 * against the plan. Names come from the contract's patterns: nothing climbs out of the folder.
 */

export const LADDER_PREFIX = "hls:";

/** The ticket opens this target's ladder, or 403 (another video's ticket). */
export function assertLadderTicket(claims: TicketClaims, targetId: string) {
  if (claims.f !== `${LADDER_PREFIX}${targetId}`) {
    throw new AppError("ACCESS_DENIED", streamMessages.ticketInvalid);
  }
}

/** A rung above the plan's (basic: 720p) is refused for this ticket. */
export function assertTrackAllowed(claims: TicketClaims, track: string) {
  if (!trackAllowed(track, claims.q ?? 720)) throw new AppError("ACCESS_DENIED", mediaMessages.rungRefused);
}

const withToken = (uri: string, token: string) => `${uri}?token=${encodeURIComponent(token)}`;

/** The allowed, ready rungs of a ladder, lowest first. */
export function allowedRungs(tasks: AssetTask[], maxHeight: number) {
  return tasks.filter(
    (t) => t.kind === "video" && t.state === "ready" && isRung(t.name) && RUNG_HEIGHT[t.name] <= maxHeight,
  );
}

/** What the ticket response says of a ladder: its URL, the allowed qualities and the sheets. */
export function ladderTicket(
  targetId: string,
  token: string,
  ladder: { tasks: unknown; trickplay: unknown },
  maxHeight: number,
) {
  const tasks = ladder.tasks as AssetTask[];
  const layout = ladder.trickplay as TrickplayLayout | null;
  const trickplay: TrickplayInfo | null = layout
    ? {
        sheetUrl: endpointUrl(trickplaySheet, { params: { targetId, sheet: 1 }, query: { token } }),
        intervalSeconds: layout.intervalSeconds,
        tileWidth: layout.tileWidth,
        tileHeight: layout.tileHeight,
        columns: layout.columns,
        rows: layout.rows,
        count: layout.count,
      }
    : null;
  return {
    url: endpointUrl(hlsMaster, { params: { targetId }, query: { token } }),
    hls: true,
    qualities: allowedRungs(tasks, maxHeight).map((t) => ({ name: t.name, height: t.height ?? 0 })),
    trickplay,
  };
}

const quote = (s: string) => `"${s.replace(/["\r\n]/g, "")}"`;

/** The master playlist of a ticket: the rungs its plan allows, audio and subtitle groups. */
export async function masterPlaylist(db: Db, claims: TicketClaims, targetId: string, token: string) {
  const ladder = await ladderOf(db, targetId);
  if (!ladder?.playable) throw new AppError("VIDEO_NOT_FOUND", mediaMessages.notReady);
  const tasks = ladder.tasks as AssetTask[];
  const probe = ladder.probe as SourceProbe;
  const rungs = allowedRungs(tasks, claims.q ?? 720);
  const audio = tasks.filter((t) => t.kind === "audio" && t.state === "ready");
  const subtitles = await subtitleTracks(db, claims.v, claims.e);
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"];
  audio.forEach((t, i) => {
    const lang = t.language ? AUDIO_LANGUAGES[t.language] : undefined;
    const name = t.label || lang?.[1] || mediaMessages.audioTrack(i + 1);
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME=${quote(name)},${lang ? `LANGUAGE="${lang[0]}",` : ""}DEFAULT=${i === 0 ? "YES" : "NO"},AUTOSELECT=YES,CHANNELS="2",URI=${quote(withToken(`${t.name}/index.m3u8`, token))}`,
    );
  });
  for (const s of subtitles) {
    const uri = endpointUrl(hlsSubtitles, { params: { targetId, subtitleId: s.id }, query: { token } });
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME=${quote(s.languageName)},LANGUAGE=${quote(s.language)},DEFAULT=${s.isDefault ? "YES" : "NO"},AUTOSELECT=YES,URI=${quote(uri)}`,
    );
  }
  const audioCodec = audio[0]?.codecs;
  for (const t of rungs) {
    const codecs = [t.codecs ?? "avc1.640028", ...(audioCodec ? [audioCodec] : [])].join(",");
    const audioBandwidth = audio[0]?.bandwidth ?? 0;
    const attrs = [
      `BANDWIDTH=${(t.bandwidth ?? t.bitrate ?? 0) + audioBandwidth}`,
      `AVERAGE-BANDWIDTH=${(t.averageBandwidth ?? t.bitrate ?? 0) + (audio[0]?.averageBandwidth ?? 0)}`,
      `RESOLUTION=${t.width}x${t.height}`,
      `FRAME-RATE=${(t.frameRate ?? probe.frameRate).toFixed(3)}`,
      `CODECS=${quote(codecs)}`,
      ...(audio.length > 0 ? [`AUDIO="audio"`] : []),
      ...(subtitles.length > 0 ? [`SUBTITLES="subs"`] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(",")}`, withToken(`${t.name}/index.m3u8`, token));
  }
  return `${lines.join("\n")}\n`;
}

/** A rendition's playlist from the store, each segment and its init carrying the ticket. */
export async function renditionPlaylist(store: MediaStore, targetId: string, track: string, token: string) {
  const body = await store.read(mediaKeys.file(targetId, track, "index.m3u8"));
  if (!body) throw new AppError("VIDEO_NOT_FOUND", mediaMessages.notReady);
  let text = "";
  for await (const chunk of body) text += chunk.toString();
  return `${text
    .split("\n")
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed.startsWith("#EXT-X-MAP:")) {
        return trimmed.replace(/URI="([^"]+)"/, (_, uri: string) => `URI="${withToken(uri, token)}"`);
      }
      return trimmed && !trimmed.startsWith("#") ? withToken(trimmed, token) : trimmed;
    })
    .join("\n")
    .trim()}\n`;
}

/** A subtitle track as an HLS playlist of one WebVTT segment (the track of this very video). */
export async function subtitlePlaylist(db: Db, claims: TicketClaims, subtitleId: string, token: string) {
  const source = await subtitleSource(db, subtitleId, claims.v, claims.e);
  if (!source) throw new AppError("NOT_FOUND", streamMessages.subtitleUnavailable);
  const ladder = await ladderOf(db, claims.e ?? claims.v);
  const duration = (ladder?.probe as SourceProbe | null)?.duration ?? 0;
  const vtt = endpointUrl(getSubtitles, { params: { id: subtitleId }, query: { token } });
  return [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(duration))}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    `#EXTINF:${duration.toFixed(3)},`,
    vtt,
    "#EXT-X-ENDLIST",
    "",
  ].join("\n");
}
