// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { login, logout, register } from "#contract/auth";
import { listCategories, listVideos } from "#contract/catalogue";
import { endpoint } from "#contract/endpoint";
import { beaconProgress } from "#contract/history";
import { exportData } from "#contract/member";
import { releaseLeaseBeacon } from "#contract/stream";
import { apiText, commonText } from "#web/i18n/common.ts";
import {
  ApiRequestError,
  apiBeacon,
  apiDownload,
  apiGet,
  apiProbe,
  apiSend,
  buildPath,
  buildQuery,
  codeForStatus,
  REQUEST_TIMEOUT_MS,
  serverMessage,
} from "./api.ts";

const video = {
  id: "0b7f2a52-3f5e-4c59-9d51-1f0d3b9c1a01",
  title: "Le Dernier Métro",
  description: "Paris, 1942.",
  thumbnail: "/media/images/le-dernier-metro-poster.svg",
  backdrop: null,
  category: ["Drame"],
  year: 1980,
  language: "Français",
  duration: "131min",
  type: "movie",
  maturity: "all",
  views: 1200,
  averageRating: 4.4,
  totalRatings: 12,
  totalSeasons: 1,
  totalEpisodes: 0,
  createdAt: "2025-01-02T10:00:00.000Z",
};

const getVideo = endpoint({
  method: "GET",
  path: "/api/videos/:id",
  summary: "test",
  tags: [],
  access: "public",
  params: z.object({ id: z.string() }),
  response: z.object({ ok: z.boolean() }),
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

function stubFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => expect.unreachable("the request should have failed"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("apiGet", () => {
  it("builds the URL from the endpoint and returns the parsed response", async () => {
    const fetchMock = stubFetch(async () =>
      json(200, { items: [video], total: 1, limit: 100, offset: 0, nextCursor: null }),
    );
    const result = await apiGet(listVideos, { query: { limit: 100, type: "movie", offset: undefined } });
    expect(result.items[0]?.title).toBe("Le Dernier Métro");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/videos?limit=100&type=movie");
    expect(init).toMatchObject({ method: "GET", credentials: "same-origin" });
  });

  it("needs no options for an endpoint without inputs", async () => {
    const fetchMock = stubFetch(async () => json(200, { items: [] }));
    await expect(apiGet(listCategories)).resolves.toEqual({ items: [] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/categories");
  });

  it("carries the server's code, message, status and request id on a non-2xx answer", async () => {
    stubFetch(async () =>
      json(429, {
        code: "RATE_LIMITED",
        message: "Trop de requêtes, réessayez plus tard.",
        requestId: "req-42",
      }),
    );
    const error = await failure(apiGet(listVideos, { query: {} }));
    expect(error).toMatchObject({
      code: "RATE_LIMITED",
      message: "Trop de requêtes, réessayez plus tard.",
      status: 429,
      requestId: "req-42",
    });
  });

  it("keeps the field messages of a validation error", async () => {
    stubFetch(async () =>
      json(400, { code: "VALIDATION_ERROR", message: "Données invalides", fields: { limit: "Trop grand" } }),
    );
    const error = await failure(apiGet(listVideos, { query: { limit: 500 } }));
    expect(error.fields).toEqual({ limit: "Trop grand" });
  });

  it("derives the code from the status when the body is not the server's error shape", async () => {
    stubFetch(
      async () =>
        new Response("<html>Bad Gateway</html>", { status: 502, headers: { "x-request-id": "r1" } }),
    );
    const error = await failure(apiGet(listVideos, { query: {} }));
    expect(error).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      status: 502,
      message: commonText.genericError,
      requestId: "r1",
    });
  });

  it("turns a network failure into NETWORK_ERROR", async () => {
    stubFetch(async () => {
      throw new TypeError("fetch failed");
    });
    const error = await failure(apiGet(listVideos, { query: {} }));
    expect(error).toMatchObject({ code: "NETWORK_ERROR", status: 0, message: apiText.network });
  });

  it("gives up after the timeout with CONNECTION_TIMEOUT", async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const pending = failure(apiGet(listVideos, { query: {} }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toMatchObject({ code: "CONNECTION_TIMEOUT", status: 0 });
  });

  it("lets a caller's cancellation through untouched", async () => {
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const controller = new AbortController();
    const pending = apiGet(listVideos, { query: {}, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("rejects a 2xx answer that breaks the contract as INVALID_RESPONSE", async () => {
    stubFetch(async () =>
      json(200, { items: [{ ...video, averageRating: 9 }], total: 1, limit: 1, offset: 0 }),
    );
    const error = await failure(apiGet(listVideos, { query: {} }));
    expect(error).toMatchObject({ code: "INVALID_RESPONSE", status: 200 });

    stubFetch(async () => new Response("not json", { status: 200 }));
    expect(await failure(apiGet(listVideos, { query: {} }))).toMatchObject({ code: "INVALID_RESPONSE" });
  });

  it("fills path parameters, URL-encoded", async () => {
    const fetchMock = stubFetch(async () => json(200, { ok: true }));
    await apiGet(getVideo, { params: { id: "a/../b c" } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/videos/a%2F..%2Fb%20c");
  });
});

describe("apiSend", () => {
  const user = {
    id: "0b7f2a52-3f5e-4c59-9d51-1f0d3b9c1a02",
    username: "zoé",
    email: "zoe@gmail.com",
    avatar: null,
    role: "membre",
    createdAt: "2025-01-02T10:00:00.000Z",
  };

  it("sends the body as JSON with the endpoint's method and the same-origin cookie", async () => {
    const fetchMock = stubFetch(async () => json(200, { user }));
    const result = await apiSend(login, { body: { identifier: "zoé", password: "secret-secret" } });
    expect(result.user.username).toBe("zoé");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/login");
    expect(init).toMatchObject({
      method: "POST",
      credentials: "same-origin",
      body: JSON.stringify({ identifier: "zoé", password: "secret-secret" }),
    });
    expect(((init?.headers ?? {}) as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("announces no JSON body when the endpoint takes none", async () => {
    const fetchMock = stubFetch(async () => json(200, { ok: true }));
    await expect(apiSend(logout)).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(((init?.headers ?? {}) as Record<string, string>)["Content-Type"]).toBeUndefined();
  });

  it("exposes the server's per-field French messages", async () => {
    stubFetch(async () =>
      json(400, {
        code: "VALIDATION_ERROR",
        message: "Données invalides",
        requestId: "r-9",
        fields: { email: "Les adresses email temporaires ne sont pas autorisées" },
      }),
    );
    const error = await failure(
      apiSend(register, {
        body: { username: "zoe", email: "x@yopmail.com", password: "abcdefgh", confirmPassword: "abcdefgh" },
      }),
    );
    expect(error).toMatchObject({ code: "VALIDATION_ERROR", status: 400, fromServer: true });
    expect(error.fields).toEqual({ email: "Les adresses email temporaires ne sont pas autorisées" });
    expect(serverMessage(error, "Erreur d'inscription")).toBe("Données invalides");
  });

  it("falls back to the caller's message when the server gave none", async () => {
    stubFetch(async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await failure(apiSend(logout));
    expect(error).toMatchObject({ code: "SERVICE_UNAVAILABLE", fromServer: false });
    expect(serverMessage(error, "Erreur de connexion")).toBe("Erreur de connexion");
    expect(serverMessage(new Error("boom"), "Erreur de connexion")).toBe("Erreur de connexion");
  });

  it("refuses a GET endpoint", async () => {
    await expect(apiSend(listCategories)).rejects.toThrow(TypeError);
  });
});

describe("apiDownload", () => {
  it("returns the attachment's bytes as sent and the name the server gave", async () => {
    const fetchMock = stubFetch(
      async () =>
        new Response('{"format":"bobine-export/1"}', {
          status: 200,
          headers: {
            "content-type": "application/json",
            "content-disposition": 'attachment; filename="bobine-zoe-2026-05-18.json"',
          },
        }),
    );
    const file = await apiDownload(exportData);
    expect(file.filename).toBe("bobine-zoe-2026-05-18.json");
    expect(await file.blob.text()).toBe('{"format":"bobine-export/1"}');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/me/export");
    expect(init).toMatchObject({ method: "GET", credentials: "same-origin" });
  });

  it("carries the server's refusal like any request", async () => {
    stubFetch(async () => json(401, { code: "UNAUTHENTICATED", message: "Authentification requise" }));
    expect(await failure(apiDownload(exportData))).toMatchObject({
      code: "UNAUTHENTICATED",
      status: 401,
      fromServer: true,
    });
  });
});

describe("apiBeacon", () => {
  it("sends the body as a JSON Blob to the endpoint's URL through sendBeacon", async () => {
    const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    vi.stubGlobal("navigator", { sendBeacon });
    const fetchMock = stubFetch(async () => json(200, {}));
    const body = {
      videoId: video.id,
      episodeId: null,
      currentPosition: 20,
      totalDuration: 100,
      clientSavedAt: 1,
    };
    apiBeacon(beaconProgress, { body });
    const [url, blob] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe("/api/history/progress/beacon");
    expect(blob).toBeInstanceOf(Blob);
    expect((blob as Blob).type).toBe("application/json");
    expect(JSON.parse(await (blob as Blob).text())).toEqual(body);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("falls back to a keepalive fetch with the endpoint's method when sendBeacon refuses", () => {
    vi.stubGlobal("navigator", { sendBeacon: () => false });
    const fetchMock = stubFetch(async () => new Response(null, { status: 204 }));
    apiBeacon(releaseLeaseBeacon, { params: { leaseId: "0b7f2a52-3f5e-4c59-9d51-1f0d3b9c1a03" } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/stream/leases/0b7f2a52-3f5e-4c59-9d51-1f0d3b9c1a03/release");
    expect(init).toMatchObject({ method: "POST", keepalive: true, credentials: "same-origin" });
    expect(init?.body).toBeUndefined();
  });
});

describe("apiProbe", () => {
  it("answers null when the URL accepts the request, with the headers sent", async () => {
    const fetchMock = stubFetch(async () => new Response("x", { status: 206 }));
    await expect(apiProbe("/stream?token=t", { Range: "bytes=0-0" })).resolves.toBeNull();
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ headers: { Range: "bytes=0-0" } });
  });

  it("answers the refusal with its status and the server's French message", async () => {
    stubFetch(async () => json(404, { code: "VIDEO_NOT_FOUND", message: "Vidéo non trouvée" }));
    expect(await apiProbe("/stream", {})).toMatchObject({
      status: 404,
      code: "VIDEO_NOT_FOUND",
      message: "Vidéo non trouvée",
      fromServer: true,
    });
  });

  it("throws NETWORK_ERROR when nothing answered", async () => {
    stubFetch(async () => {
      throw new TypeError("fetch failed");
    });
    await expect(apiProbe("/stream", {})).rejects.toMatchObject({ code: "NETWORK_ERROR", status: 0 });
  });
});

describe("apiGet types (checked by tsc, never run)", () => {
  it("types its inputs from the endpoint's schemas", () => {
    const typeOnly = () => {
      // @ts-expect-error params are required when the path has some
      void apiGet(getVideo);
      // @ts-expect-error "film" is not a video type
      void apiGet(listVideos, { query: { type: "film" } });
      // @ts-expect-error listCategories takes no query
      void apiGet(listCategories, { query: { limit: 1 } });
      // @ts-expect-error login needs its body
      void apiSend(login);
      // @ts-expect-error the body is typed from the contract
      void apiSend(login, { body: { identifier: "a" } });
    };
    expect(typeOnly).toBeTypeOf("function");
  });
});

describe("URL helpers", () => {
  it("refuses a missing path parameter", () => {
    expect(() => buildPath("/api/videos/:id", {})).toThrow(/id/);
  });

  it("skips empty query values and repeats arrays", () => {
    expect(buildQuery({ q: "été", a: undefined, b: null, tag: ["x", "y"] })).toBe(
      "?q=%C3%A9t%C3%A9&tag=x&tag=y",
    );
    expect(buildQuery({})).toBe("");
  });

  it("maps statuses to codes", () => {
    expect(codeForStatus(401)).toBe("UNAUTHENTICATED");
    expect(codeForStatus(403)).toBe("ACCESS_DENIED");
    expect(codeForStatus(404)).toBe("NOT_FOUND");
    expect(codeForStatus(500)).toBe("INTERNAL_ERROR");
  });
});
