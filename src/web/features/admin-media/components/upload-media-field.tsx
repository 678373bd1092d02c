import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileVideo, Pause, Play, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { LOCAL_VIDEO_EXAMPLE } from "#contract/admin-common";
import { formatBytes, type MediaAsset } from "#contract/media";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { adminMediaText as t, videoFormText } from "#web/i18n/admin.ts";
import { refreshAdminData } from "#web/lib/query-tags.ts";
import { assetsOptions } from "../api/media-queries.ts";
import { startUpload, type UploadHandle } from "../lib/tus-upload.ts";

/**
 * The video form's media field with the file upload (decision 025; the slot of the admin-videos
 * feature, composed by app/routes/admin.tsx): the media reference or URL as before, and for a saved
 * film or episode « Choisir un fichier vidéo », sent with tus — progress, speed and time left,
 * pause, resume, cancel, French errors — then its transcoding state.
 */
export interface UploadMediaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  target: "movie" | "episode";
  /** The saved video's id (absent while adding one). */
  videoId?: string | undefined;
  /** The saved episode's id (absent for a new episode). */
  episodeId?: string | undefined;
}

type Phase =
  | { kind: "idle" }
  | { kind: "sending"; retrying?: number }
  | { kind: "paused" }
  | { kind: "cut" }
  | { kind: "refused"; message: string }
  | { kind: "done" }
  | { kind: "cancelled" };

function duration(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  return s < 60 ? t.seconds(s) : t.minutes(Math.floor(s / 60), s % 60);
}

export function UploadMediaField(props: UploadMediaFieldProps) {
  const { label, value, onChange, error, target, videoId, episodeId } = props;
  const saved = Boolean(videoId) && (target === "movie" || Boolean(episodeId));
  return (
    <div className="flex flex-col gap-3">
      <TextField
        label={label}
        value={value}
        inputMode="url"
        spellCheck={false}
        autoComplete="off"
        maxLength={2048}
        placeholder={LOCAL_VIDEO_EXAMPLE}
        hint={videoFormText.videoUrlHint}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="rounded-xl border border-dashed border-line p-3">
        <p className="text-sm font-medium">{t.orUpload}</p>
        {saved && videoId ? (
          <Uploader label={label} videoId={videoId} episodeId={episodeId} />
        ) : (
          <p className="mt-1 text-sm text-muted">{target === "movie" ? t.saveFirst : t.saveEpisodeFirst}</p>
        )}
      </div>
    </div>
  );
}

function Uploader({
  label,
  videoId,
  episodeId,
}: {
  label: string;
  videoId: string;
  episodeId?: string | undefined;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const handle = useRef<UploadHandle | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [sent, setSent] = useState(0);
  const [rate, setRate] = useState<number | null>(null);
  const sample = useRef<{ at: number; bytes: number } | null>(null);
  const [inputKey, setInputKey] = useState(0);
  // A file chosen while the current one plays: members lose the video until the new one is ready,
  // so the administrator says so first.
  const assets = useQuery(assetsOptions(videoId));
  const current = assets.data?.items.find((a) => (a.episodeId ?? undefined) === episodeId);
  const [replacing, setReplacing] = useState<File | null>(null);

  // Closing the form pauses the upload; the same file chosen again resumes it.
  useEffect(() => () => handle.current?.pause(), []);

  const begin = (chosen: File) => {
    handle.current?.pause();
    setFile(chosen);
    setSent(0);
    setRate(null);
    sample.current = null;
    setPhase({ kind: "sending" });
    handle.current = startUpload(
      chosen,
      { videoId, episodeId },
      {
        onProgress: (bytes) => {
          setSent(bytes);
          const now = performance.now();
          const last = sample.current;
          if (!last) sample.current = { at: now, bytes };
          else if (now - last.at > 1_000) {
            const current = ((bytes - last.bytes) * 1000) / (now - last.at);
            setRate((previous) => (previous === null ? current : previous * 0.6 + current * 0.4));
            sample.current = { at: now, bytes };
          }
          setPhase((p) => (p.kind === "sending" && p.retrying ? { kind: "sending" } : p));
        },
        onRetrying: (attempt) => setPhase({ kind: "sending", retrying: attempt }),
        onFailed: (failure) =>
          setPhase(
            failure.kind === "network"
              ? { kind: "cut" }
              : { kind: "refused", message: failure.message ?? t.refused },
          ),
        onDone: () => {
          setPhase({ kind: "done" });
          void refreshAdminData(queryClient);
        },
      },
    );
  };

  const pause = () => {
    handle.current?.pause();
    sample.current = null;
    setRate(null);
    setPhase({ kind: "paused" });
  };
  const resume = () => {
    setPhase({ kind: "sending" });
    handle.current?.resume();
  };
  const cancel = async () => {
    await handle.current?.cancel();
    handle.current = null;
    setFile(null);
    setSent(0);
    setInputKey((k) => k + 1);
    setPhase({ kind: "cancelled" });
  };

  const total = file?.size ?? 0;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const active = phase.kind === "sending" || phase.kind === "paused" || phase.kind === "cut";
  const left = rate && rate > 0 && phase.kind === "sending" ? (total - sent) / rate : null;

  return (
    <div className="mt-2 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <input
          key={inputKey}
          id={id}
          type="file"
          accept="video/*,.mkv,.mov,.mp4,.webm,.avi,.m4v"
          aria-label={t.chooseFor(label)}
          className="peer sr-only"
          disabled={phase.kind === "sending"}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (!chosen) return;
            if (current?.playable && phase.kind !== "paused" && phase.kind !== "cut") setReplacing(chosen);
            else begin(chosen);
          }}
        />
        <label
          htmlFor={id}
          aria-hidden="true"
          className={`${buttonStyles({ variant: "outline", size: "sm" })} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-disabled:pointer-events-none peer-disabled:opacity-50`}
        >
          <FileVideo aria-hidden="true" />
          {t.choose}
        </label>
        {file && <span className="min-w-0 truncate text-sm text-muted">{file.name}</span>}
      </div>
      {file && active && (
        <div className="flex flex-col gap-2">
          <div
            role="progressbar"
            aria-label={t.progressLabel(file.name)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-surface-3"
          >
            <div
              className="h-full rounded-full bg-accent transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-xs text-muted tabular-nums" aria-live="polite">
            {percent}&nbsp;% · {t.progress(formatBytes(sent), formatBytes(total))}
            {rate && phase.kind === "sending" ? ` · ${t.speed(formatBytes(rate))}` : ""}
            {left !== null ? ` · ${t.remaining(duration(left))}` : ""}
          </p>
          <div className="flex flex-wrap gap-2">
            {phase.kind === "sending" ? (
              <SmallButton onClick={pause} icon={<Pause aria-hidden="true" />} text={t.pause} />
            ) : (
              <SmallButton onClick={resume} icon={<Play aria-hidden="true" />} text={t.resume} />
            )}
            <SmallButton onClick={() => void cancel()} icon={<X aria-hidden="true" />} text={t.cancel} />
          </div>
        </div>
      )}
      {phase.kind === "idle" && <p className="text-xs text-muted">{t.uploadHint}</p>}
      <Status phase={phase} />
      <CurrentAsset videoId={videoId} episodeId={episodeId} />
      {replacing && (
        <ConfirmDialog
          title={t.replaceTitle}
          text={t.replaceText(replacing.name)}
          confirmLabel={t.replaceConfirm}
          cancelLabel={t.replaceKeep}
          danger
          onConfirm={() => {
            begin(replacing);
            setReplacing(null);
          }}
          onClose={() => {
            setReplacing(null);
            setInputKey((k) => k + 1);
          }}
        />
      )}
    </div>
  );
}

function SmallButton({ onClick, icon, text }: { onClick: () => void; icon: ReactNode; text: string }) {
  return (
    <button type="button" className={buttonStyles({ variant: "ghost", size: "sm" })} onClick={onClick}>
      {icon}
      {text}
    </button>
  );
}

function Status({ phase }: { phase: Phase }) {
  const message =
    phase.kind === "sending" && phase.retrying
      ? t.retrying(phase.retrying)
      : phase.kind === "paused"
        ? t.paused
        : phase.kind === "cut"
          ? t.cut
          : phase.kind === "refused"
            ? phase.message
            : phase.kind === "done"
              ? t.done
              : phase.kind === "cancelled"
                ? t.cancelled
                : null;
  if (!message) return null;
  const bad = phase.kind === "refused" || phase.kind === "cut";
  return (
    <p role={bad ? "alert" : "status"} className={`text-sm ${bad ? "text-danger" : "text-muted"}`}>
      {message}
    </p>
  );
}

/** The latest media of this film or episode, as the queue sees it. */
function CurrentAsset({ videoId, episodeId }: { videoId: string; episodeId?: string | undefined }) {
  const { data } = useQuery(assetsOptions(videoId));
  const asset: MediaAsset | undefined = data?.items.find((a) => (a.episodeId ?? undefined) === episodeId);
  if (!asset) return null;
  return (
    <p className={`text-sm ${asset.status === "failed" ? "text-danger" : "text-muted"}`}>
      {t.current(t.statuses[asset.status], asset.progress)}
      {asset.error ? ` — ${asset.error}` : ""}
    </p>
  );
}
