import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Info } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { cancelText, plansText } from "#web/i18n/subscription.ts";
import { serverMessage } from "#web/lib/api.ts";
import { formatLongDate } from "#web/lib/format.ts";
import { toast } from "#web/lib/toast.ts";
import { cancel, subscriptionKeys, subscriptionStateOptions } from "../api/plan-queries.ts";

/**
 * « Résilier votre abonnement » in three clicks (L215-1-1 Code de la consommation): the link, this
 * screen stating the end date and its effects, the confirmation. Bobine calls the provider itself.
 */
export function CancelView({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(subscriptionStateOptions(userId));
  const confirm = useMutation({
    mutationFn: cancel,
    onSuccess: (next) => {
      queryClient.setQueryData(subscriptionKeys.state(userId), next);
      void queryClient.invalidateQueries();
    },
    onError: (error) => toast.error(plansText.errorTitle, serverMessage(error, plansText.errorFallback)),
  });
  if (!data) return <div aria-hidden="true" className="skeleton mx-auto h-64 max-w-xl rounded-3xl" />;
  // Access ends with the later of the subscription's period and what follows it (a gift after it).
  const periodEnd = data.agreement?.periodEnd ?? null;
  const accessEnd = periodEnd && data.endsAt && data.endsAt > periodEnd ? data.endsAt : periodEnd;
  const end = accessEnd ? formatLongDate(accessEnd) : null;
  if (confirm.isSuccess || data.agreement?.cancelAtPeriodEnd) {
    return (
      <StateMessage
        icon={CircleCheck}
        headingLevel={1}
        title={cancelText.doneTitle}
        text={end ? cancelText.doneText(end) : cancelText.effectsNoDate}
        link={{ to: "/settings", label: plansText.close }}
      />
    );
  }
  if (!data.agreement) {
    // Covered all the same by access that does not renew (a gift, a prepaid month, lifetime), as the
    // server knows it (no provider left to charge): said as such, not as « no subscription ».
    const covered =
      (data.state === "active" || data.state === "expiring") &&
      data.planName !== null &&
      !data.renewsAtProvider;
    return (
      <StateMessage
        icon={Info}
        headingLevel={1}
        title={cancelText.title}
        text={
          covered
            ? cancelText.nothingRenews(data.planName ?? "", data.endsAt ? formatLongDate(data.endsAt) : null)
            : cancelText.nothing
        }
        link={{ to: "/subscription", label: covered ? cancelText.seeSubscription : plansText.title }}
      />
    );
  }
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-3xl font-extrabold tracking-tight">{cancelText.title}</h1>
      <p className="mt-4 text-lg">{cancelText.lead(data.agreement.planName)}</p>
      <p className="mt-3 text-muted">{end ? cancelText.effects(end) : cancelText.effectsNoDate}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonStyles({})}
          disabled={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          {cancelText.confirm}
        </button>
        <Link to="/subscription" className={buttonStyles({ variant: "outline" })}>
          {cancelText.keep}
        </Link>
      </div>
    </div>
  );
}
