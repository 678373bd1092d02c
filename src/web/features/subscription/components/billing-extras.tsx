import { useQuery } from "@tanstack/react-query";
import { subscriptionPageText } from "#web/i18n/subscription.ts";
import { formatLongDate } from "#web/lib/format.ts";
import { subscriptionStateOptions } from "../api/plan-queries.ts";
import { ReceiptsList } from "./receipts-list.tsx";
import { SubscriptionActions } from "./subscription-overview.tsx";

/**
 * What Paramètres shows under the subscription status: « Résilier votre abonnement » (or
 * « Reprendre ») while a renewal runs, and the numbered receipts.
 */
export function BillingExtras({ userId }: { userId: string }) {
  const { data } = useQuery(subscriptionStateOptions(userId));
  return (
    // Paramètres' section draws the rule between its rows (divide-y): a border here drew a second.
    <div className="pt-4">
      {data?.agreement?.cancelAtPeriodEnd && data.agreement.periodEnd && (
        <p className="mb-2 text-sm text-amber-200">
          {subscriptionPageText.cancelScheduled(formatLongDate(data.agreement.periodEnd))}
        </p>
      )}
      {data && <SubscriptionActions state={data} />}
      <ReceiptsList userId={userId} />
    </div>
  );
}
