import { NOTIFICATION_STREAM } from "#contract/notifications";

/**
 * spec §9: the realtime connection waits 1, 2, 5 then 10 s before each new try, and 10 s after
 * that. `attempt` counts the failures since the last good connection, from 0.
 */
export function reconnectDelay(attempt: number): number {
  const delays = NOTIFICATION_STREAM.reconnectDelaysMs;
  return delays[Math.min(Math.max(attempt, 0), delays.length - 1)] as number;
}
