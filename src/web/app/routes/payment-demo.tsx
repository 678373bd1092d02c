import { useParams } from "react-router";
import { MemberScreen } from "#web/components/ui/member-screen.tsx";
import { DemoCheckoutView } from "#web/features/subscription/components/demo-checkout-view.tsx";
import { memberText } from "#web/i18n/member.ts";
import { demoText } from "#web/i18n/subscription.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/** /payment/demo/:paymentId — the demo provider's checkout page (docs/decisions/042-demo-provider.md). */
export default function PaymentDemoRoute() {
  useDocumentTitle(`${demoText.title} — ${demoText.badge}`);
  const { paymentId = "" } = useParams();
  return (
    <MemberScreen
      width="narrow"
      signedOut={{ title: memberText.signedOutTitle, text: demoText.signedOut, signIn: memberText.signIn }}
    >
      {() => <DemoCheckoutView paymentId={paymentId} />}
    </MemberScreen>
  );
}
