import { Navigate, useSearchParams } from "react-router";
import { pageGutter } from "#web/components/ui/layout.ts";
import { PrepaidView } from "#web/features/subscription/components/prepaid-view.tsx";
import { screenTitles } from "#web/i18n/common.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/**
 * /payment/paysafecard?payment_id=&amount=&currency=&plan= — spec §2 Prepaid-card page; redirects
 * to /subscription when the member, the payment or the amount is missing. No PIN field here
 * (docs/decisions/044-paysafecard-pin-on-the-provider.md).
 */
export default function PaymentPaysafecardRoute() {
  useDocumentTitle(screenTitles.paysafecard);
  const { user, isPending } = useSession();
  const [params] = useSearchParams();
  const paymentId = params.get("payment_id");
  const amount = Number(params.get("amount"));
  if (isPending) return null;
  if (!user || !paymentId || !Number.isInteger(amount) || amount <= 0) {
    return <Navigate to="/subscription" replace />;
  }
  return (
    <section className={`${pageGutter} pt-24 pb-20 lg:pt-28`}>
      <PrepaidView
        paymentId={paymentId}
        amountCents={amount}
        currency={params.get("currency") || "EUR"}
        plan={params.get("plan")}
        failed={params.get("failed") === "1"}
      />
    </section>
  );
}
