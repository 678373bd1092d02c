import { useQuery } from "@tanstack/react-query";
import { MessageSquareQuote } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { DialogueHit } from "#contract/catalogue";
import { discoveryText } from "#web/i18n/search.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { dialogueOptions } from "../api/discovery-queries.ts";

/** « 1:02:05 » or « 2:05 »: where the line is said. */
export function dialogueTime(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** The player at the line: its episode and its second (`t`, read by the video route). */
export function dialogueLink(hit: DialogueHit): string {
  const params = new URLSearchParams();
  if (hit.episodeId) params.set("episode", hit.episodeId);
  params.set("t", String(Math.floor(hit.startMs / 1000)));
  return `/video/${hit.videoId}?${params.toString()}`;
}

/**
 * « Dans les dialogues » (docs/decisions/050-dialogue-search.md): for a signed-in member and a
 * search of 2 characters or more, the lines of dialogue holding every word, each opening the
 * player at its moment. Nothing for a visitor, and nothing while there is no line.
 */
export function DialogueResults({ q }: { q: string | undefined }) {
  const { user } = useSession();
  const headingId = useId();
  const lines = useQuery({ ...dialogueOptions(q ?? ""), enabled: user !== null && q !== undefined });
  const items = lines.data?.items ?? [];
  if (!user || q === undefined || items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mb-10">
      <h2 id={headingId} className="mb-4 flex items-center gap-2 text-xl font-bold tracking-tight">
        <MessageSquareQuote className="size-5 text-muted" aria-hidden="true" />
        {discoveryText.dialoguesTitle}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {items.map((hit) => {
          const time = dialogueTime(hit.startMs);
          return (
            <li key={`${hit.videoId}-${hit.episodeId ?? ""}-${hit.startMs}`}>
              <Link
                to={dialogueLink(hit)}
                aria-label={discoveryText.dialoguePlay(hit.title, time)}
                className="flex h-full flex-col gap-1 rounded-xl border border-line bg-surface-2 px-4 py-3 transition-colors hover:border-fg/40 focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                <span className="flex flex-wrap items-baseline gap-x-2 text-sm text-muted">
                  <strong className="font-semibold text-fg">{hit.title}</strong>
                  {hit.seasonNumber !== null && hit.episodeNumber !== null && (
                    <span>
                      {discoveryText.dialogueEpisode(
                        hit.seasonNumber,
                        hit.episodeNumber,
                        hit.episodeTitle ?? "",
                      )}
                    </span>
                  )}
                  <span className="tabular-nums">{time}</span>
                </span>
                <q className="text-base">{hit.text}</q>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
