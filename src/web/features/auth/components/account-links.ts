import { Bookmark, History, type LucideIcon, Settings, UserRound } from "lucide-react";
import { fr } from "#web/i18n/fr.ts";

/** spec §2 Header, user menu: Profil, Ma liste, Historique, Paramètres (then Déconnexion). */
export const accountLinks: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: "/profile", label: fr.account.profile, icon: UserRound },
  { to: "/my-list", label: fr.account.myList, icon: Bookmark },
  { to: "/history", label: fr.account.history, icon: History },
  { to: "/settings", label: fr.account.settings, icon: Settings },
];
