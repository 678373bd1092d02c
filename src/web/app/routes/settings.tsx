import { useQueryClient } from "@tanstack/react-query";
import { LockKeyhole } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { SessionUser } from "#contract/auth";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { pageGutter } from "#web/components/ui/layout.ts";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { type SessionData, sessionQueryKey } from "#web/features/auth/api/auth-queries.ts";
import { useSession } from "#web/features/auth/hooks/use-session.ts";
import { ClearHistoryDialog } from "#web/features/history/components/clear-history-dialog.tsx";
import { useClearHistory } from "#web/features/history/hooks.ts";
import { SettingsView } from "#web/features/member/components/settings-view.tsx";
import { fr } from "#web/i18n/fr.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/** /settings — spec §2 Settings (every section; issue 6). Visitors get the unauthorised message. */
export default function SettingsRoute() {
  useDocumentTitle(fr.screens.settings);
  const { user } = useSession();
  return <SettingsPage user={user} title={fr.member.settingsTitle} />;
}

/** The screen shared with /admin/settings (spec §2: the admin variant has the same member settings). */
export function SettingsPage({
  user,
  title,
  denied,
}: {
  user: SessionUser | null;
  title: string;
  denied?: string | undefined;
}) {
  return (
    <section className={`${pageGutter} mx-auto max-w-4xl pt-24 pb-20 lg:pt-28`}>
      {user && !denied ? (
        <MemberSettings user={user} title={title} />
      ) : (
        <StateMessage
          icon={LockKeyhole}
          headingLevel={1}
          title={user ? title : fr.member.signedOutTitle}
          text={denied ?? fr.member.settingsSignedOut}
          action={
            user ? undefined : (
              <Link to="/login" className={buttonStyles()}>
                {fr.member.signIn}
              </Link>
            )
          }
        />
      )}
    </section>
  );
}

function MemberSettings({ user, title }: { user: SessionUser; title: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const clear = useClearHistory();
  const [confirmClear, setConfirmClear] = useState(false);
  return (
    <>
      <SettingsView
        user={user}
        title={title}
        onClearHistory={() => setConfirmClear(true)}
        onAccountDeleted={() => {
          // The server ended every session: the app forgets the member and goes home.
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
          queryClient.setQueryData<SessionData>(sessionQueryKey, { user: null });
          void navigate("/");
        }}
      />
      {confirmClear && (
        <ClearHistoryDialog
          busy={clear.isPending}
          onClose={() => setConfirmClear(false)}
          onConfirm={() => clear.mutate(undefined, { onSettled: () => setConfirmClear(false) })}
        />
      )}
    </>
  );
}
