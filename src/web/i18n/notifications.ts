import { count } from "./typography.ts";

/** spec §2 Header notification bell and panel. */
export const notificationsText = {
  title: "Notifications",
  readAll: "Tout lire",
  empty: "Aucune notification",
  /** The bell's name for assistive technologies, with the unread count. */
  bellLabel: (unread: number) =>
    unread === 0 ? "Notifications" : `Notifications (${count(unread, unread, "non lue", "non lues")})`,
  unread: "Non lue",
  loadError: "Impossible de charger les notifications.",
  markReadFailed: "Impossible de marquer la notification comme lue",
  readAllFailed: "Impossible de tout marquer comme lu",
} as const;
