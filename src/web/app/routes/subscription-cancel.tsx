import { MemberScreen } from "#web/components/ui/member-screen.tsx";
import { CancelView } from "#web/features/subscription/components/cancel-view.tsx";
import { memberText } from "#web/i18n/member.ts";
import { cancelText } from "#web/i18n/subscription.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/** /subscription/cancel — « Résilier votre abonnement », the second of three clicks. */
export default function SubscriptionCancelRoute() {
  useDocumentTitle(cancelText.title);
  return (
    <MemberScreen
      width="narrow"
      signedOut={{ title: memberText.signedOutTitle, text: cancelText.signedOut, signIn: memberText.signIn }}
    >
      {(user) => <CancelView userId={user.id} />}
    </MemberScreen>
  );
}
