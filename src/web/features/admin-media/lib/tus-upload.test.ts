import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHUNK_BYTES, startUpload, type UploadEvents } from "./tus-upload.ts";

/**
 * The browser's tus client against a fake server behind a fake XMLHttpRequest: what it sends (the
 * tus headers, pieces of CHUNK_BYTES at the server's offset) and how it answers a cut, a refusal
 * and a forgotten upload. The real server is exercised by tests/e2e/admin.spec.ts.
 */

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  bytes: number;
}

type Answer = { status: number; headers?: Record<string, string>; body?: string } | "cut";

let calls: Call[] = [];
let answer: (call: Call) => Answer;

class FakeXhr {
  method = "";
  url = "";
  headers: Record<string, string> = {};
  status = 0;
  responseText = "";
  answered: Record<string, string> = {};
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.answered[name.toLowerCase()] ?? null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: Blob | null) {
    const call = { method: this.method, url: this.url, headers: this.headers, bytes: body?.size ?? 0 };
    calls.push(call);
    queueMicrotask(() => {
      const a = answer(call);
      if (a === "cut") return this.onerror?.();
      if (body) this.upload.onprogress?.({ loaded: body.size });
      this.status = a.status;
      this.responseText = a.body ?? "";
      this.answered = Object.fromEntries(
        Object.entries(a.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
      );
      this.onload?.();
    });
  }
}

const store = new Map<string, string>();

beforeEach(() => {
  calls = [];
  store.clear();
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubGlobal("window", { location: { href: "http://localhost/admin" } });
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A tus server holding one upload: offsets move with each PATCH. */
function server(size: number) {
  let offset = 0;
  return (call: Call): Answer => {
    if (call.method === "POST") return { status: 201, headers: { Location: "/api/admin/media/uploads/u1" } };
    if (call.method === "HEAD") return { status: 200, headers: { "Upload-Offset": String(offset) } };
    if (call.method === "PATCH") {
      expect(Number(call.headers["upload-offset"])).toBe(offset);
      offset = Math.min(size, offset + call.bytes);
      return { status: 204, headers: { "Upload-Offset": String(offset) } };
    }
    return { status: 204 };
  };
}

function events() {
  const done = vi.fn();
  const failed = vi.fn();
  const retrying = vi.fn();
  const progress = vi.fn();
  const e: UploadEvents = { onDone: done, onFailed: failed, onRetrying: retrying, onProgress: progress };
  return { e, done, failed, retrying, progress };
}

const file = (size: number) => new File([new Uint8Array(size)], "film.mp4", { lastModified: 1 });
const target = { videoId: "3f1e2d4c-0000-4000-8000-000000000001" };

describe("the tus client", () => {
  it("creates the upload with its size and target, then sends pieces at the server's offset", async () => {
    const size = CHUNK_BYTES * 2 + 10;
    answer = server(size);
    const { e, done, progress } = events();
    startUpload(file(size), target, e);
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    const [create, ...rest] = calls;
    expect(create?.method).toBe("POST");
    expect(create?.headers["upload-length"]).toBe(String(size));
    expect(create?.headers["tus-resumable"]).toBe("1.0.0");
    expect(create?.headers["upload-metadata"]).toContain(`videoId ${btoa(target.videoId)}`);
    const patches = rest.filter((c) => c.method === "PATCH");
    expect(patches.map((c) => c.bytes)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 10]);
    expect(patches.every((c) => c.headers["content-type"] === "application/offset+octet-stream")).toBe(true);
    expect(progress).toHaveBeenLastCalledWith(size, size);
    // Done: nothing left to resume.
    expect(store.size).toBe(0);
  });

  it("after a cut, asks the server where it stands and goes on from there", async () => {
    vi.useFakeTimers();
    const size = CHUNK_BYTES + 5;
    const real = server(size);
    let cut = false;
    answer = (call) => {
      if (call.method === "PATCH" && call.headers["upload-offset"] === String(CHUNK_BYTES) && !cut) {
        cut = true;
        return "cut";
      }
      return real(call);
    };
    const { e, done, retrying } = events();
    startUpload(file(size), target, e);
    await vi.waitFor(() => expect(retrying).toHaveBeenCalledWith(1));
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    // The cut piece is asked for again at the offset HEAD reports.
    expect(calls.map((c) => c.method)).toEqual(["POST", "PATCH", "PATCH", "HEAD", "PATCH"]);
    expect(calls[4]?.headers["upload-offset"]).toBe(String(CHUNK_BYTES));
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("stops at a refusal with the server's French message, and forgets the upload", async () => {
    answer = (call) =>
      call.method === "PATCH"
        ? {
            status: 415,
            body: JSON.stringify({
              code: "VALIDATION_ERROR",
              message: "Ce fichier n'est pas une vidéo lisible.",
            }),
          }
        : server(100)(call);
    const { e, failed, retrying } = events();
    startUpload(file(100), target, e);
    await vi.waitFor(() => expect(failed).toHaveBeenCalled());
    expect(failed).toHaveBeenCalledWith({
      kind: "refused",
      status: 415,
      message: "Ce fichier n'est pas une vidéo lisible.",
    });
    expect(retrying).not.toHaveBeenCalled();
    expect(store.size).toBe(0);
  });

  it("resumes an upload remembered from before a reload, and starts again when the server forgot it", async () => {
    const size = 100;
    // Remembered and known to the server: HEAD, then the rest.
    const paused = server(size);
    answer = (call) => (call.method === "PATCH" ? "cut" : paused(call));
    vi.useFakeTimers();
    const first = events();
    const handle = startUpload(file(size), target, first.e);
    await vi.waitFor(() => expect(first.retrying).toHaveBeenCalled());
    handle.pause();
    expect(store.size).toBe(1);
    vi.useRealTimers();

    calls = [];
    answer = server(size);
    const second = events();
    startUpload(file(size), target, second.e);
    await vi.waitFor(() => expect(second.done).toHaveBeenCalled());
    expect(calls.map((c) => c.method)).toEqual(["HEAD", "PATCH"]);

    // Remembered but forgotten by the server (404): a new upload from 0.
    const key = `bobine.upload.${target.videoId}/-/film.mp4/${size}/1`;
    store.set(key, "/api/admin/media/uploads/gone");
    calls = [];
    const fresh = server(size);
    answer = (call) => (call.method === "HEAD" && call.url.endsWith("/gone") ? { status: 404 } : fresh(call));
    const third = events();
    startUpload(file(size), target, third.e);
    await vi.waitFor(() => expect(third.done).toHaveBeenCalled());
    expect(calls.map((c) => c.method)).toEqual(["HEAD", "POST", "PATCH"]);
  });
});
