import { useEffect, useState } from "react";
import { createTicket, heartbeatLease, releaseLeaseBeacon, type TicketResponse } from "#contract/stream";
import { ApiRequestError, apiBeacon, apiSend, isApiRequestError } from "#web/lib/api.ts";
import { deviceId } from "../lib/device-id.ts";

export type StreamSession =
  | { status: "loading" }
  | { status: "ready"; ticket: TicketResponse }
  | { status: "error"; error: ApiRequestError };

/**
 * Frees the device's lease from this ticket's playback; a beacon also works while the page is
 * being closed. Naming the ticket, it cannot end the next one's (the same lease, next episode).
 */
const release = ({ leaseId, ticketId }: TicketResponse) =>
  apiBeacon(releaseLeaseBeacon, { params: { leaseId }, query: { ticketId } });

/**
 * The protected stream of one video or episode (docs/decisions/006-stream.md): a ticket bound to this member, title and
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
    let issued: TicketResponse | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    // A renewal keeps the current ticket playing until the new one arrives.
    setSession((current) => (current.status === "ready" ? current : { status: "loading" }));

    apiSend(createTicket, {
      params: { videoId },
      body: { deviceId: deviceId(), ...(episodeId ? { episodeId } : {}) },
      signal: abort.signal,
    })
      .then((ticket) => {
        if (abort.signal.aborted) return release(ticket);
        issued = ticket;
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
      if (!event.persisted && issued) release(issued);
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      abort.abort();
      clearInterval(timer);
      window.removeEventListener("pagehide", onPageHide);
      if (issued) release(issued);
    };
  }, [videoId, episodeId, enabled, attempt, renewals]);

  return session;
}
