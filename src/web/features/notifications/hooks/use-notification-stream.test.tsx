import { QueryClient, QueryClientProvider, QueryObserver } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOTIFICATION_STREAM } from "#contract/notifications";
import { mediaData } from "#web/lib/query-tags.ts";
import { notificationKeys } from "../api/notification-queries.ts";
import { useNotificationStream } from "./use-notification-stream.ts";

/** The browser's EventSource, as far as the hook uses it: the test dispatches the server's events. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  onerror: (() => void) | null = null;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  client.clear();
});

describe("useNotificationStream", () => {
  it("puts each notifications event into the panel's data", () => {
    renderHook(() => useNotificationStream("u1", 10), { wrapper });
    const source = FakeEventSource.opened[0] as FakeEventSource;
    expect(source.url).toContain(NOTIFICATION_STREAM.path);
    act(() => source.emit(NOTIFICATION_STREAM.event, JSON.stringify({ items: [], unread: 3 })));
    expect(client.getQueryData(notificationKeys.panel("u1", 10))).toEqual({ items: [], unread: 3 });
  });

  it("an administrator's media event reads the media queries again at once, and only those (decision 025)", async () => {
    const media = vi.fn(async () => "file d'attente");
    const other = vi.fn(async () => "autre");
    // Both shown on screen (observed), so an invalidation refetches them as it would there.
    const observers = [
      new QueryObserver(client, {
        queryKey: ["media"],
        queryFn: media,
        meta: mediaData,
        staleTime: Infinity,
      }),
      new QueryObserver(client, { queryKey: ["other"], queryFn: other, staleTime: Infinity }),
    ].map((observer) => observer.subscribe(() => {}));
    await vi.waitFor(() => expect(media).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(other).toHaveBeenCalledTimes(1));
    renderHook(() => useNotificationStream("admin", 10), { wrapper });
    const source = FakeEventSource.opened[0] as FakeEventSource;
    act(() => source.emit(NOTIFICATION_STREAM.mediaEvent, "{}"));
    await vi.waitFor(() => expect(media).toHaveBeenCalledTimes(2));
    expect(other).toHaveBeenCalledTimes(1);
    for (const unsubscribe of observers) unsubscribe();
  });
});
