import { useQueryClient } from "@tanstack/react-query";
import { Compass, LockKeyhole, RefreshCw, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { SessionUser } from "#contract/auth";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { pageGutter } from "#web/components/ui/layout.ts";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { type SessionData, sessionQueryKey } from "#web/features/auth/api/auth-queries.ts";
import { useSession } from "#web/features/auth/hooks/use-session.ts";
import { ActivityList } from "#web/features/member/components/activity-list.tsx";
import { EditProfileDialog } from "#web/features/member/components/edit-profile-dialog.tsx";
import { ProfileHeader } from "#web/features/member/components/profile-header.tsx";
import { ProfileStats } from "#web/features/member/components/profile-stats.tsx";
import { useProfile, useUpdateProfile } from "#web/features/member/hooks.ts";
import { fr } from "#web/i18n/fr.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/**
 * /profile — spec §2 Profile: name, e-mail, member since, the edit-profile dialog (which really
 * edits: issue 6), the stats tiles and the last 10 activities; an unauthorised message for visitors.
 */
export default function ProfileRoute() {
  useDocumentTitle(fr.screens.profile);
  const { user } = useSession();
  return (
    <section className={`${pageGutter} mx-auto max-w-6xl pt-24 pb-20 lg:pt-28`}>
      {user ? (
        <MemberProfile user={user} />
      ) : (
        <StateMessage
          icon={LockKeyhole}
          headingLevel={1}
          title={fr.member.signedOutTitle}
          text={fr.member.profileSignedOut}
          action={
            <Link to="/login" className={buttonStyles()}>
              {fr.member.signIn}
            </Link>
          }
        />
      )}
    </section>
  );
}

function MemberProfile({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const profile = useProfile(user.id);
  const [editing, setEditing] = useState(false);
  // The header's menu shows the new name too: the session's copy of the member follows.
  const update = useUpdateProfile(user.id, (updated) =>
    queryClient.setQueryData<SessionData>(sessionQueryKey, { user: updated }),
  );
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
          <StateMessage
            icon={TriangleAlert}
            alert
            title={fr.member.loadError}
            text={fr.common.genericError}
            action={
              <button type="button" className={buttonStyles()} onClick={() => void profile.refetch()}>
                <RefreshCw aria-hidden="true" />
                {fr.common.retry}
              </button>
            }
          />
        </div>
      ) : (
        <>
          <h2 className="mt-10 mb-4 text-xl font-bold tracking-tight">{fr.member.statsTitle}</h2>
          <ProfileStats stats={profile.data?.stats} />
          <h2 className="mt-10 mb-4 text-xl font-bold tracking-tight">{fr.member.activityTitle}</h2>
          {!profile.data ? (
            <div className="h-80 skeleton rounded-2xl" aria-hidden="true" />
          ) : profile.data.activities.length === 0 ? (
            <StateMessage
              icon={Compass}
              title={fr.member.activityEmptyTitle}
              text={fr.member.activityEmpty}
              action={
                <Link to="/" className={buttonStyles()}>
                  {fr.member.discover}
                </Link>
              }
            />
          ) : (
            <ActivityList items={profile.data.activities} />
          )}
        </>
      )}
    </>
  );
}
