import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, CircleAlert, Clock, Sparkles } from "lucide-react";
import { Link } from "react-router";
import type { SubscriptionState } from "#contract/billing";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { planChangeText, plansText, subscriptionPageText } from "#web/i18n/subscription.ts";
import { serverMessage } from "#web/lib/api.ts";
import { formatLongDate } from "#web/lib/format.ts";
import { toast } from "#web/lib/toast.ts";
import { openPortal, resume, subscriptionKeys, subscriptionStateOptions } from "../api/plan-queries.ts";

const looks = {
  none: { icon: Sparkles, tone: "text-accent bg-accent/12" },
  active: { icon: BadgeCheck, tone: "text-emerald-300 bg-emerald-400/12" },
  expiring: { icon: Clock, tone: "text-amber-300 bg-amber-400/12" },
  expired: { icon: CircleAlert, tone: "text-red-300 bg-red-400/12" },
} as const;

/** « Résilier votre abonnement » while a renewal runs, « Reprendre » once cancelled (before the end). */
export function SubscriptionActions({ state }: { state: SubscriptionState }) {
  const t = subscriptionPageText;
  const queryClient = useQueryClient();
  const resumeIt = useMutation({
    mutationFn: resume,
    onSuccess: (next) => {
      queryClient.setQueriesData({ queryKey: subscriptionKeys.states() }, next);
      void queryClient.invalidateQueries();
      toast.success(t.resumed);
    },
    onError: (error) => toast.error(plansText.errorTitle, serverMessage(error, plansText.errorFallback)),
  });
  const portal = useMutation({
    // A tab opened at the click (a popup blocker allows it), sent to the provider once the link is known.
    mutationFn: async (tab: Window | null) => ({ tab, ...(await openPortal()) }),
    onSuccess: ({ tab, url }) => {
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    },
    onError: (error, tab) => {
      tab?.close();
      toast.error(plansText.errorTitle, serverMessage(error, plansText.errorFallback));
    },
  });
  const agreement = state.agreement;
  if (!agreement) return null;
  const approveUrl = agreement.cancelAtPeriodEnd ? null : agreement.pendingChange?.approveUrl;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {approveUrl && (
        <a
          href={approveUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonStyles({ size: "sm" })}
        >
          {planChangeText.approve}
        </a>
      )}
      {agreement.canManage && (
        <button
          type="button"
          className={buttonStyles({ variant: "outline", size: "sm" })}
          disabled={portal.isPending}
          onClick={() => portal.mutate(window.open("", "_blank"))}
        >
          {t.manage}
        </button>
      )}
      {agreement.cancelAtPeriodEnd ? (
        <button
          type="button"
          className={buttonStyles({ size: "sm" })}
          disabled={resumeIt.isPending}
          onClick={() => resumeIt.mutate()}
        >
          {t.resume}
        </button>
      ) : (
        <Link to="/subscription/cancel" className={buttonStyles({ variant: "outline", size: "sm" })}>
          {plansText.cancelLink}
        </Link>
      )}
    </div>
  );
}

/** The member's state as the server computed it (spec §4), with « Résilier » or « Reprendre ». */
export function SubscriptionOverview({ state }: { state: SubscriptionState }) {
  const t = subscriptionPageText;
  const { icon: Icon, tone } = looks[state.state];
  const agreement = state.agreement;
  const detail = [
    state.planName,
    state.state === "none" ? null : state.endsAt ? t.until(formatLongDate(state.endsAt)) : t.lifetime,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center" data-state={state.state}>
      <span className={`grid size-12 shrink-0 place-items-center rounded-2xl ${tone}`}>
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1" role="status">
        <p className="text-lg font-bold">{t.states[state.state]}</p>
        {detail && <p className="mt-0.5 text-sm text-muted">{detail}</p>}
        {agreement?.cancelAtPeriodEnd && agreement.periodEnd && (
          <p className="mt-0.5 text-sm text-amber-200">
            {t.cancelScheduled(formatLongDate(agreement.periodEnd))}
          </p>
        )}
        {agreement && !agreement.cancelAtPeriodEnd && agreement.pendingChange && (
          <p className="mt-0.5 text-sm text-emerald-300">
            {agreement.pendingChange.effectiveAt
              ? planChangeText.pending(
                  agreement.pendingChange.planName,
                  formatLongDate(agreement.pendingChange.effectiveAt),
                )
              : planChangeText.pendingNoDate(agreement.pendingChange.planName)}
            {agreement.pendingChange.awaitingApproval && ` — ${planChangeText.pendingApproval}`}
          </p>
        )}
      </div>
      <SubscriptionActions state={state} />
    </div>
  );
}

/** The block as a loaded query (Paramètres and /subscription). */
export function SubscriptionOverviewBlock({ userId }: { userId: string }) {
  const { data, isError } = useQuery(subscriptionStateOptions(userId));
  if (isError) return <p className="text-sm text-danger">{subscriptionPageText.loadFailed}</p>;
  if (!data) return <div aria-hidden="true" className="skeleton h-14 rounded-2xl" />;
  return <SubscriptionOverview state={data} />;
}
