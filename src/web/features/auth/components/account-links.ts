import { Bookmark, History, type LucideIcon, Settings, ShieldCheck, UserRound } from "lucide-react";
import type { SessionUser } from "#contract/auth";
import { accountText } from "#web/i18n/common.ts";

export interface AccountLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown to administrators only (spec §6: only role admin gets into the panel). */
  adminOnly?: boolean;
}

/** spec §2 Header, user menu: Profil, Ma liste, Historique, Paramètres (then Déconnexion); « Administration » for administrators. */
export const accountLinks: readonly AccountLink[] = [
  { to: "/profile", label: accountText.profile, icon: UserRound },
  { to: "/my-list", label: accountText.myList, icon: Bookmark },
  { to: "/history", label: accountText.history, icon: History },
  { to: "/settings", label: accountText.settings, icon: Settings },
  { to: "/admin", label: accountText.admin, icon: ShieldCheck, adminOnly: true },
];

/** The menu's links for this member. */
export const accountLinksFor = (user: Pick<SessionUser, "role">) =>
  accountLinks.filter((link) => !link.adminOnly || user.role === "admin");
