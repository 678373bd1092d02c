import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Clapperboard, RotateCcw } from "lucide-react";
import { formatBytes, type MediaAsset } from "#contract/media";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { QueryLoadError } from "#web/components/ui/load-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { adminText, adminMediaText as t } from "#web/i18n/admin.ts";
import { serverMessage } from "#web/lib/api.ts";
import { refreshAdminData } from "#web/lib/query-tags.ts";
import { toast } from "#web/lib/toast.ts";
import { assetsOptions, retryAsset } from "../api/media-queries.ts";

const when = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});

const badge: Record<MediaAsset["status"], string> = {
  queued: "bg-surface-3 text-fg/80",
  transcoding: "bg-accent/15 text-accent",
  ready: "bg-emerald-500/20 text-fg",
  failed: "bg-danger/15 text-danger",
};

/**
 * « En cours »: the transcoding queue (decision 025, GET /api/admin/media/assets) — each uploaded
 * file with its state (En attente, Transcodage, Prête, Échec with the reason in French), its
 * percentage and each task's, and « Relancer » for a failed one.
 */
export function TranscodingQueue() {
  const queryClient = useQueryClient();
  const assets = useQuery(assetsOptions());
  const retry = useMutation({
    mutationFn: retryAsset,
    onSuccess: async () => {
      toast.success(t.retried);
      await refreshAdminData(queryClient);
    },
    onError: (error) => toast.error(adminText.errorTitle, serverMessage(error, t.retryFailed)),
  });

  return (
    <section aria-labelledby="admin-queue-heading">
      <h2 id="admin-queue-heading" className="text-xl font-bold">
        {t.queueTitle}
      </h2>
      <p className="text-sm text-muted">{t.queueText}</p>
      <div className="mt-4">
        {assets.isPending ? (
          <div className="grid place-items-center py-10">
            <Spinner />
          </div>
        ) : assets.isError ? (
          <QueryLoadError
            title={adminText.loadFailed}
            text={serverMessage(assets.error, adminText.loadFailed)}
            query={assets}
          />
        ) : assets.data.items.length === 0 ? (
          <StateMessage icon={Clapperboard} title={t.queueEmpty} text={t.queueEmptyText} />
        ) : (
          <ul className="flex flex-col gap-3">
            {assets.data.items.map((a) => (
              <li key={a.id} className="rounded-2xl border border-line bg-surface/70 p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold">{a.title}</p>
                    <p className="text-xs text-muted">
                      {when.format(new Date(a.updatedAt))} · {t.source(formatBytes(a.sourceBytes))}
                      {a.playable && a.status !== "ready" ? ` · ${t.playable}` : ""}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge[a.status]}`}>
                      {t.statuses[a.status]}
                    </span>
                    {a.status === "failed" && (
                      <button
                        type="button"
                        className={buttonStyles({ variant: "outline", size: "sm" })}
                        aria-label={t.retryLabel(a.title)}
                        disabled={retry.isPending}
                        onClick={() => retry.mutate(a.id)}
                      >
                        <RotateCcw aria-hidden="true" />
                        {t.retry}
                      </button>
                    )}
                  </div>
                </div>
                <div
                  role="progressbar"
                  aria-label={`${a.title} · ${t.statuses[a.status]}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={a.progress}
                  className="mt-3 h-1.5 overflow-hidden rounded-full bg-surface-3"
                >
                  <div
                    className={`h-full rounded-full ${a.status === "failed" ? "bg-danger" : "bg-accent"}`}
                    style={{ width: `${a.progress}%` }}
                  />
                </div>
                {a.error && <p className="mt-2 text-sm text-danger">{a.error}</p>}
                {a.tasks.length > 0 && (
                  <ul className="mt-3 flex flex-wrap gap-1.5 text-xs">
                    {a.tasks.map((task) => (
                      <li
                        key={task.name}
                        title={t.taskStates[task.state]}
                        className={`rounded-full border px-2 py-0.5 tabular-nums ${
                          task.state === "failed"
                            ? "border-danger/50 text-danger"
                            : task.state === "ready"
                              ? "border-line text-muted"
                              : "border-accent/50 text-fg"
                        }`}
                      >
                        {t.task(task.name, task.progress)}
                        <span className="sr-only"> ({t.taskStates[task.state]})</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
