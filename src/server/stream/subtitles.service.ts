import fs from "node:fs/promises";
import { SUBTITLE_MAX_BYTES, streamMessages } from "#contract/stream";
import { AppError } from "../shared/errors.ts";
import { SubtitleError, subtitleToVtt } from "../shared/subtitles.ts";
import { localMediaPath, resolveInMedia } from "./media-source.ts";
import { subtitleSource } from "./stream.queries.ts";
import { authoriseTicket, type StreamState, ticketOf } from "./stream.service.ts";

/**
 * A subtitle track of the ticket's video or episode as WebVTT (SECURITY-CHECKLIST 30), for the
 * client that owns the ticket's lease, like its video bytes (24): a track of
 * another video is not found; a source over SUBTITLE_MAX_BYTES is 413, one that is not SRT or WebVTT
 * text is 400.
 */
export async function subtitleVtt(
  state: StreamState,
  id: string,
  token: string | undefined,
  client: string,
): Promise<string> {
  const claims = await ticketOf(state, token);
  await authoriseTicket(state, claims, client);
  const relative = localMediaPath(await subtitleSource(state.db, id, claims.v, claims.e), "subtitles");
  const absolute = relative ? resolveInMedia(state.config.mediaDir, relative) : null;
  if (!absolute) throw new AppError("NOT_FOUND", streamMessages.subtitleUnavailable);
  let bytes: Buffer;
  try {
    const st = await fs.stat(absolute);
    if (st.size > SUBTITLE_MAX_BYTES) throw new SubtitleError("too-large");
    bytes = await fs.readFile(absolute);
  } catch (err) {
    if (err instanceof SubtitleError)
      throw new AppError("PAYLOAD_TOO_LARGE", streamMessages.subtitleTooLarge);
    throw new AppError("NOT_FOUND", streamMessages.subtitleUnavailable);
  }
  try {
    return subtitleToVtt(bytes);
  } catch (err) {
    if (err instanceof SubtitleError && err.reason === "too-large") {
      throw new AppError("PAYLOAD_TOO_LARGE", streamMessages.subtitleTooLarge);
    }
    throw new AppError("VALIDATION_ERROR", streamMessages.subtitleInvalid);
  }
}
