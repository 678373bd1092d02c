import { useQueryClient } from "@tanstack/react-query";
import { LockKeyhole } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { SessionUser } from "#contract/auth";
import { MemberScreen } from "#web/components/ui/member-screen.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { ClearHistoryDialog } from "#web/features/history/components/clear-history-dialog.tsx";
import { useClearHistory } from "#web/features/history/hooks/use-history.ts";
import { SettingsView } from "#web/features/member/components/settings-view.tsx";
import { BillingExtras } from "#web/features/subscription/components/billing-extras.tsx";
import { screenTitles } from "#web/i18n/common.ts";
import { memberText } from "#web/i18n/member.ts";
import { forgetMember } from "#web/lib/session/session-query.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/** /settings — spec §2 Settings (every section). Visitors get the unauthorised message. */
export default function SettingsRoute() {
  useDocumentTitle(screenTitles.settings);
  return <SettingsPage title={memberText.settingsTitle} />;
}

/**
 * The screen shared with /admin/settings (spec §2: the admin variant has the same member
 * settings); `deniedTo` says why a member may not see it.
 */
export function SettingsPage({
  title,
  deniedTo,
}: {
  title: string;
  deniedTo?: (user: SessionUser) => string | undefined;
}) {
  return (
    <MemberScreen
      width="narrow"
      signedOut={{
        title: memberText.signedOutTitle,
        text: memberText.settingsSignedOut,
        signIn: memberText.signIn,
      }}
    >
      {(user) => {
        const denied = deniedTo?.(user);
        return denied ? (
          <StateMessage icon={LockKeyhole} headingLevel={1} title={title} text={denied} />
        ) : (
          <MemberSettings user={user} title={title} />
        );
      }}
    </MemberScreen>
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
        billing={<BillingExtras userId={user.id} />}
        onClearHistory={() => setConfirmClear(true)}
        onAccountDeleted={() => {
          // The server ended every session: the app forgets the member and goes home.
          forgetMember(queryClient);
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
