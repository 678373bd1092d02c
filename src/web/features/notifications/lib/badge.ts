import { NOTIFICATION_LIMITS } from "#contract/notifications";

/** spec §2/§9: the bell's badge shows the unread count, « 9+ » above 9, nothing at 0. */
export const badgeText = (unread: number): string | null =>
  unread <= 0
    ? null
    : unread > NOTIFICATION_LIMITS.badgeMax
      ? `${NOTIFICATION_LIMITS.badgeMax}+`
      : String(unread);
