import { useSession } from "#web/features/auth/hooks/use-session.ts";
import { fr } from "#web/i18n/fr.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { SettingsPage } from "./settings.tsx";

/**
 * /admin/settings — spec §2 route table: the settings variant for administrators, with the same
 * member settings (the original's admin content is not shown by the spec). Others: 'Accès refusé'.
 */
export default function AdminSettingsRoute() {
  useDocumentTitle(fr.screens.adminSettings);
  const { user } = useSession();
  return (
    <SettingsPage
      user={user}
      title={fr.member.adminSettingsTitle}
      denied={user && user.role !== "admin" ? fr.member.adminOnly : undefined}
    />
  );
}
