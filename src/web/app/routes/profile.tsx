import { useQueryClient } from "@tanstack/react-query";
import { Compass } from "lucide-react";
import { useState } from "react";
import type { SessionUser } from "#contract/auth";
import { QueryLoadError } from "#web/components/ui/load-error.tsx";
import { MemberScreen } from "#web/components/ui/member-screen.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { ActivityList } from "#web/features/member/components/activity-list.tsx";
import { EditProfileDialog } from "#web/features/member/components/edit-profile-dialog.tsx";
import { ProfileHeader } from "#web/features/member/components/profile-header.tsx";
import { ProfileStats } from "#web/features/member/components/profile-stats.tsx";
import { useProfile, useUpdateProfile } from "#web/features/member/hooks/use-member.ts";
import { commonText, screenTitles } from "#web/i18n/common.ts";
import { memberText } from "#web/i18n/member.ts";
import { setSessionUser } from "#web/lib/session/session-query.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/**
 * /profile — spec §2 Profile: name, e-mail, member since, the edit-profile dialog (which really
 * edits), the stats tiles and the last 10 activities; an unauthorised message for visitors.
 */
export default function ProfileRoute() {
  useDocumentTitle(screenTitles.profile);
  return (
    <MemberScreen
      width="wide"
      signedOut={{
        title: memberText.signedOutTitle,
        text: memberText.profileSignedOut,
        signIn: memberText.signIn,
      }}
    >
      {(user) => <MemberProfile user={user} />}
    </MemberScreen>
  );
}

function MemberProfile({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const profile = useProfile(user.id);
  const [editing, setEditing] = useState(false);
  // The header's menu shows the new name too: the session's copy of the member follows.
  const update = useUpdateProfile(user.id, (updated) => setSessionUser(queryClient, updated));
  const shown = profile.data?.user ?? user;

  return (
    <>
      <ProfileHeader user={shown} onEdit={() => setEditing(true)} />
      {editing && (
        <EditProfileDialog
          user={shown}
          busy={update.isPending}
          onSave={(body) => update.mutateAsync(body)}
          onClose={() => setEditing(false)}
        />
      )}
      {profile.isError ? (
        <div className="mt-10">
          <QueryLoadError title={memberText.loadError} text={commonText.genericError} query={profile} />
        </div>
      ) : (
        <>
          <h2 className="mt-10 mb-4 text-xl font-bold tracking-tight">{memberText.statsTitle}</h2>
          <ProfileStats stats={profile.data?.stats} />
          <h2 className="mt-10 mb-4 text-xl font-bold tracking-tight">{memberText.activityTitle}</h2>
          {!profile.data ? (
            <div className="h-80 skeleton rounded-2xl" aria-hidden="true" />
          ) : profile.data.activities.length === 0 ? (
            <StateMessage
              icon={Compass}
              title={memberText.activityEmptyTitle}
              text={memberText.activityEmpty}
              link={{ to: "/", label: memberText.discover }}
            />
          ) : (
            <ActivityList items={profile.data.activities} />
          )}
        </>
      )}
    </>
  );
}
