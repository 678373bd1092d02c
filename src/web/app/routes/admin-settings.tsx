import { screenTitles } from "#web/i18n/common.ts";
import { memberText } from "#web/i18n/member.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { SettingsPage } from "./settings.tsx";

/**
 * /admin/settings — spec §2 route table: the settings variant for administrators, with the same
 * member settings (the original's admin content is not shown by the spec). Others: 'Accès refusé'.
 */
export default function AdminSettingsRoute() {
  useDocumentTitle(screenTitles.adminSettings);
  return (
    <SettingsPage
      title={memberText.adminSettingsTitle}
      deniedTo={(user) => (user.role !== "admin" ? memberText.adminOnly : undefined)}
    />
  );
}
