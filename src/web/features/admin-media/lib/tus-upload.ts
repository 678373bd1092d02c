import { UPLOAD_METADATA } from "#contract/media";

/**
 * A small tus 1.0 client (docs/decisions/045-tus-client-in-the-web.md): POST creates the upload,
 * PATCH sends the file in 8 MiB pieces (each fits REQUEST_TIMEOUT_SECONDS on a slow line), HEAD
 * says where the server stands after a cut. The upload's address is kept in localStorage under the
 * file and its target, so choosing the same file again after a reload resumes where it stopped.
 * XMLHttpRequest rather than fetch: only it reports the progress of a request's body.
 */

export const CHUNK_BYTES = 8 * 1024 * 1024;
const TUS = { "Tus-Resumable": "1.0.0" };
const STORE_PREFIX = "bobine.upload.";
/** After a cut: try again after 1, 3, 5, 10, 20 s, then wait for « Reprendre ». */
const RETRY_DELAYS = [1_000, 3_000, 5_000, 10_000, 20_000];

export interface UploadTarget {
  videoId: string;
  episodeId?: string | undefined;
}

export type UploadFailure =
  /** The server refused (not a video, too large…): its French message. */
  | { kind: "refused"; status: number; message: string | null }
  /** The network is gone after every retry: « Reprendre » tries again. */
  | { kind: "network" };

export interface UploadEvents {
  /** Bytes the server holds (or is receiving) out of the file's size. */
  onProgress: (sent: number, total: number) => void;
  /** Waiting before another try after a cut (`attempt` from 1). */
  onRetrying: (attempt: number) => void;
  onFailed: (failure: UploadFailure) => void;
  onDone: () => void;
}

export interface UploadHandle {
  pause: () => void;
  resume: () => void;
  /** Stops and asks the server to forget what it received. */
  cancel: () => Promise<void>;
}

const b64 = (value: string) => btoa(String.fromCharCode(...new TextEncoder().encode(value)));

const storeKey = (file: File, target: UploadTarget) =>
  `${STORE_PREFIX}${target.videoId}/${target.episodeId ?? "-"}/${file.name}/${file.size}/${file.lastModified}`;

function remembered(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function remember(key: string, url: string | null) {
  try {
    if (url) localStorage.setItem(key, url);
    else localStorage.removeItem(key);
  } catch {
    // Private browsing: the upload still works, it just cannot resume after a reload.
  }
}

class HttpStatus extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}
class NetworkCut extends Error {}
class Paused extends Error {}

/** The server's French message in a JSON error body, if any. */
function messageOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === "string" ? parsed.message : null;
  } catch {
    return null;
  }
}

interface Sent {
  status: number;
  headers: (name: string) => string | null;
  body: string;
}

export function startUpload(
  file: File,
  target: UploadTarget,
  events: UploadEvents,
  endpoint = "/api/admin/media/uploads",
): UploadHandle {
  const key = storeKey(file, target);
  let url = remembered(key);
  let xhr: XMLHttpRequest | null = null;
  let paused = false;
  let finished = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const request = (
    method: string,
    to: string,
    headers: Record<string, string>,
    body?: Blob,
    onBodyProgress?: (loaded: number) => void,
  ) =>
    new Promise<Sent>((resolve, reject) => {
      const r = new XMLHttpRequest();
      xhr = r;
      r.open(method, to);
      for (const [name, value] of Object.entries({ ...TUS, ...headers })) r.setRequestHeader(name, value);
      if (onBodyProgress) r.upload.onprogress = (e) => onBodyProgress(e.loaded);
      r.onload = () => {
        xhr = null;
        const sent = {
          status: r.status,
          headers: (n: string) => r.getResponseHeader(n),
          body: r.responseText,
        };
        if (r.status >= 200 && r.status < 300) resolve(sent);
        else reject(new HttpStatus(r.status, r.responseText));
      };
      r.onerror = () => {
        xhr = null;
        reject(new NetworkCut());
      };
      r.onabort = () => {
        xhr = null;
        reject(new Paused());
      };
      r.send(body ?? null);
    });

  const create = async () => {
    const metadata = [
      `${UPLOAD_METADATA.videoId} ${b64(target.videoId)}`,
      ...(target.episodeId ? [`${UPLOAD_METADATA.episodeId} ${b64(target.episodeId)}`] : []),
      `${UPLOAD_METADATA.fileName} ${b64(file.name)}`,
    ].join(",");
    const created = await request("POST", endpoint, {
      "Upload-Length": String(file.size),
      "Upload-Metadata": metadata,
    });
    const location = created.headers("Location");
    if (!location) throw new HttpStatus(created.status, "");
    url = new URL(location, window.location.href).pathname;
    remember(key, url);
    return 0;
  };

  /** Where the server stands: a forgotten upload (404, 410) starts again from zero. */
  const offsetNow = async (): Promise<number> => {
    if (!url) return create();
    try {
      const head = await request("HEAD", url, {});
      return Number(head.headers("Upload-Offset") ?? 0);
    } catch (error) {
      if (error instanceof HttpStatus && [404, 410].includes(error.status)) {
        remember(key, null);
        url = null;
        return create();
      }
      throw error;
    }
  };

  const run = async (attempt = 0) => {
    clearTimeout(timer);
    try {
      let offset = await offsetNow();
      events.onProgress(offset, file.size);
      while (offset < file.size) {
        const end = Math.min(offset + CHUNK_BYTES, file.size);
        const from = offset;
        const sent = await request(
          "PATCH",
          url as string,
          { "Upload-Offset": String(from), "Content-Type": "application/offset+octet-stream" },
          file.slice(from, end),
          (loaded) => events.onProgress(from + loaded, file.size),
        );
        offset = Number(sent.headers("Upload-Offset") ?? end);
        attempt = 0;
        events.onProgress(offset, file.size);
      }
      finished = true;
      remember(key, null);
      events.onDone();
    } catch (error) {
      if (error instanceof Paused || paused) return;
      if (error instanceof HttpStatus && error.status !== 409 && error.status < 500) {
        // Refused for good (415 not a video, 413 too large…): nothing to resume.
        finished = true;
        remember(key, null);
        events.onFailed({ kind: "refused", status: error.status, message: messageOf(error.body) });
        return;
      }
      // A cut, a server restarting, an offset the server disagrees with (409): ask HEAD again.
      const delay = RETRY_DELAYS[attempt];
      if (delay === undefined) {
        events.onFailed({ kind: "network" });
        return;
      }
      events.onRetrying(attempt + 1);
      timer = setTimeout(() => void run(attempt + 1), delay);
    }
  };

  void run();

  return {
    pause: () => {
      if (finished) return;
      paused = true;
      clearTimeout(timer);
      xhr?.abort();
    },
    resume: () => {
      if (finished) return;
      paused = false;
      void run();
    },
    cancel: async () => {
      paused = true;
      finished = true;
      clearTimeout(timer);
      xhr?.abort();
      remember(key, null);
      if (url) {
        await request("DELETE", url, {}).catch(() => undefined);
      }
    },
  };
}
