import { Navigate, useSearchParams } from "react-router";
import { MemberScreen } from "#web/components/ui/member-screen.tsx";
import { SuccessView } from "#web/features/subscription/components/success-view.tsx";
import { screenTitles } from "#web/i18n/common.ts";
import { memberText } from "#web/i18n/member.ts";
import { successText } from "#web/i18n/subscription.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/** /subscription/success?session_id= — spec §2 Success page, verified by the server with the provider. */
export default function SubscriptionSuccessRoute() {
  useDocumentTitle(screenTitles.subscriptionSuccess);
  const [params] = useSearchParams();
  // Stripe and the demo provider send session_id; PayPal appends subscription_id (subscriptions) or
  // token (orders) to its return address.
  const sessionId = params.get("session_id") ?? params.get("subscription_id") ?? params.get("token");
  if (!sessionId) return <Navigate to="/subscription" replace />;
  return (
    <MemberScreen
      width="narrow"
      signedOut={{ title: memberText.signedOutTitle, text: successText.signedOut, signIn: memberText.signIn }}
    >
      {() => <SuccessView sessionId={sessionId} />}
    </MemberScreen>
  );
}
