import { useEffect, useState } from "react";
import { createTicket, heartbeatLease, type TicketResponse } from "#contract/stream";
import { ApiRequestError, apiSend, isApiRequestError } from "#web/lib/api.ts";
import { deviceId } from "../lib/device-id.ts";

export type StreamSession =
  | { status: "loading" }
  | { status: "ready"; ticket: TicketResponse }
  | { status: "error"; error: ApiRequestError };

/** Frees the device's lease; sendBeacon also works while the page is being closed. */
function release(leaseId: string) {
  const url = `/api/stream/leases/${encodeURIComponent(leaseId)}/release`;
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url)) return;
  void fetch(url, { method: "POST", credentials: "same-origin", keepalive: true }).catch(() => {});
}

/**
 * The protected stream of one video or episode (issue #5): a ticket bound to this member, title and
 * device, a lease beaten every `heartbeatSeconds` while the player is open, and released when it
 * closes (unmount, other episode, page hidden for good). A lost lease (expired while the computer
 * slept) asks for a new ticket, which may then meet the plan's stream limit.
 */
export function useStreamSession(
  videoId: string,
  episodeId: string | undefined,
  enabled: boolean,
  attempt: number,
) {
  const [session, setSession] = useState<StreamSession>({ status: "loading" });
  const [renewals, setRenewals] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` and `renewals` ask for a new ticket
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    let leaseId: string | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    // A renewal keeps the current ticket playing until the new one arrives.
    setSession((current) => (current.status === "ready" ? current : { status: "loading" }));

    apiSend(createTicket, {
      params: { videoId },
      body: { deviceId: deviceId(), ...(episodeId ? { episodeId } : {}) },
      signal: abort.signal,
    })
      .then((ticket) => {
        if (abort.signal.aborted) return release(ticket.leaseId);
        leaseId = ticket.leaseId;
        setSession({ status: "ready", ticket });
        timer = setInterval(() => {
          apiSend(heartbeatLease, { params: { leaseId: ticket.leaseId } }).catch((error: unknown) => {
            // The lease is gone (expired): take a new ticket. A network blip waits for the next beat.
            if (isApiRequestError(error) && (error.status === 404 || error.status === 410)) {
              clearInterval(timer);
              setRenewals((n) => n + 1);
            }
          });
        }, ticket.heartbeatSeconds * 1000);
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setSession({
          status: "error",
          error: isApiRequestError(error)
            ? error
            : new ApiRequestError({ code: "NETWORK_ERROR", message: String(error), status: 0 }),
        });
      });

    const onPageHide = (event: PageTransitionEvent) => {
      // A page kept in the back/forward cache comes back: keep the lease then.
      if (!event.persisted && leaseId) release(leaseId);
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      abort.abort();
      clearInterval(timer);
      window.removeEventListener("pagehide", onPageHide);
      if (leaseId) release(leaseId);
    };
  }, [videoId, episodeId, enabled, attempt, renewals]);

  return session;
}
