import { useQuery } from "@tanstack/react-query";
import { HardDrive, RadioTower, RefreshCw } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { NowPlaying, VideoStorage } from "#contract/admin-stats";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { type Column, DataTable } from "#web/components/ui/data-table.tsx";
import { QueryLoadError } from "#web/components/ui/load-error.tsx";
import { Pager } from "#web/components/ui/pager.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { adminText, adminStatsText as text } from "#web/i18n/admin.ts";
import { serverMessage } from "#web/lib/api.ts";
import { formatInteger } from "#web/lib/format.ts";
import { liveOptions, STORAGE_PAGE, storageOptions } from "../api/stats-queries.ts";
import { formatBytes } from "../lib/bytes.ts";

const time = new Intl.DateTimeFormat("fr-FR", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Paris",
});

/**
 * « En cours » (decision 015): who is watching what right now — the live stream leases (decision 006),
 * refreshed every 15 s — the screen's `queue` (the transcoding queue of the media work), and the
 * storage the media take, in all and per video.
 */
export function LiveTab({ queue }: { queue?: ReactNode } = {}) {
  const live = useQuery(liveOptions);
  const [offset, setOffset] = useState(0);
  const storage = useQuery(storageOptions(offset));

  const liveColumns: Column<NowPlaying>[] = [
    { key: "member", header: text.liveMember, card: "title", cell: (l) => l.username },
    {
      key: "video",
      header: text.liveVideo,
      cell: (l) =>
        l.title ? (
          <span>
            {l.title}
            {l.episodeTitle !== null && l.seasonNumber !== null && l.episodeNumber !== null && (
              <span className="block text-xs text-muted">
                {text.liveEpisode(l.seasonNumber, l.episodeNumber, l.episodeTitle)}
              </span>
            )}
          </span>
        ) : (
          <span className="text-muted">{text.liveGone}</span>
        ),
    },
    { key: "started", header: text.liveStarted, cell: (l) => time.format(new Date(l.startedAt)) },
    { key: "seen", header: text.liveSeen, cell: (l) => time.format(new Date(l.lastSeenAt)) },
  ];
  const storageColumns: Column<VideoStorage>[] = [
    { key: "title", header: text.storageVideo, card: "title", cell: (s) => s.title },
    {
      key: "files",
      header: text.storageFiles,
      cell: (s) => <span className="tabular-nums">{formatInteger(s.files)}</span>,
    },
    {
      key: "bytes",
      header: text.storageSize,
      className: "text-right",
      cell: (s) => <span className="tabular-nums">{formatBytes(s.bytes)}</span>,
    },
  ];

  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="admin-live-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="admin-live-heading" className="text-xl font-bold">
              {text.liveTitle}
            </h2>
            <p className="text-sm text-muted">{text.liveText}</p>
          </div>
          <button
            type="button"
            className={buttonStyles({ variant: "outline", size: "sm" })}
            disabled={live.isFetching}
            onClick={() => void live.refetch()}
          >
            <RefreshCw className={live.isFetching ? "animate-spin" : undefined} aria-hidden="true" />
            {text.refresh}
          </button>
        </div>
        <div className="mt-4">
          {live.isError ? (
            <QueryLoadError
              title={adminText.loadFailed}
              text={serverMessage(live.error, adminText.loadFailed)}
              query={live}
            />
          ) : !live.data ? (
            <Spinner className="mx-auto size-8" />
          ) : live.data.items.length === 0 ? (
            <StateMessage icon={RadioTower} title={text.liveEmpty} text={text.liveEmptyText} />
          ) : (
            <DataTable
              caption={text.liveTitle}
              columns={liveColumns}
              rows={live.data.items}
              rowKey={(l) => l.leaseId}
            />
          )}
        </div>
      </section>

      {queue}
      <section aria-labelledby="admin-storage-heading">
        <h2 id="admin-storage-heading" className="text-xl font-bold">
          {text.storageTitle}
        </h2>
        {storage.data && (
          <p className="mt-1 flex items-center gap-2 text-muted">
            <HardDrive className="size-4" aria-hidden="true" />
            {text.storageTotal(formatBytes(storage.data.totalBytes))}
          </p>
        )}
        <div className="mt-4">
          {storage.isError ? (
            <QueryLoadError
              title={adminText.loadFailed}
              text={serverMessage(storage.error, adminText.loadFailed)}
              query={storage}
            />
          ) : !storage.data ? (
            <Spinner className="mx-auto size-8" />
          ) : storage.data.items.length === 0 ? (
            <p className="text-muted">{text.storageEmpty}</p>
          ) : (
            <>
              <DataTable
                caption={text.storageTitle}
                columns={storageColumns}
                rows={storage.data.items}
                rowKey={(s) => s.videoId}
              />
              <Pager
                offset={offset}
                limit={STORAGE_PAGE}
                total={storage.data.total}
                onOffset={setOffset}
                texts={adminText}
              />
            </>
          )}
        </div>
      </section>
    </div>
  );
}
