import { Navigate, useSearchParams } from "react-router";
import { MemberScreen } from "#web/components/ui/member-screen.tsx";
import { WalletView } from "#web/features/subscription/components/wallet-view.tsx";
import { screenTitles } from "#web/i18n/common.ts";
import { memberText } from "#web/i18n/member.ts";
import { walletText } from "#web/i18n/subscription.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/**
 * /payment/crypto?payment_id= — the crypto fallback without BTCPay (decision 051): the operator's
 * wallet address, then the member's transaction for an administrator to confirm. Without a payment,
 * back to /subscription.
 */
export default function PaymentCryptoRoute() {
  useDocumentTitle(screenTitles.crypto);
  const [params] = useSearchParams();
  const paymentId = params.get("payment_id");
  if (!paymentId) return <Navigate to="/subscription" replace />;
  return (
    <MemberScreen
      width="narrow"
      signedOut={{ title: memberText.signedOutTitle, text: walletText.signedOut, signIn: memberText.signIn }}
    >
      {() => <WalletView paymentId={paymentId} />}
    </MemberScreen>
  );
}
