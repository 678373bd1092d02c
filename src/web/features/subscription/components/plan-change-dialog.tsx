import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlanChangePreview, SubscriptionState } from "#contract/billing";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { planChangeText as t } from "#web/i18n/subscription.ts";
import { serverMessage } from "#web/lib/api.ts";
import { formatLongDate } from "#web/lib/format.ts";
import { toast } from "#web/lib/toast.ts";
import { changeTo, planChangeOptions, subscriptionKeys } from "../api/plan-queries.ts";
import { formatPrice } from "./plan-price.ts";

type Agreement = NonNullable<SubscriptionState["agreement"]>;

/**
 * What the confirmation says (decision 053), from the server's preview: an upgrade charged now —
 * the amount as Stripe previews it, or « au prorata » when it could not say —, a change at the
 * renewal with its date (and PayPal's consent), or a waiting change cancelled.
 */
export function planChangeCopy(
  preview: PlanChangePreview,
  agreement: Pick<Agreement, "periodEnd" | "pendingChange">,
): { title: string; text: string; confirmLabel: string } {
  const plan = preview.plan.name;
  const price = formatPrice(preview.plan.priceCents, preview.plan.currency);
  const renewal = agreement.periodEnd ? formatLongDate(agreement.periodEnd) : t.nextRenewal;
  if (preview.kind === "revert") {
    return {
      title: t.revertTitle(plan),
      text: t.revertText(agreement.pendingChange?.planName ?? ""),
      confirmLabel: t.confirmRevert,
    };
  }
  if (preview.effective === "now") {
    const charged =
      preview.amountNowCents === null
        ? t.upgradeProrated(renewal)
        : t.upgradeAmount(formatPrice(preview.amountNowCents, preview.currency), renewal);
    return {
      title: t.upgradeTitle(plan),
      text: `${charged} ${t.upgradeThen(plan, price, renewal)}`,
      confirmLabel: t.confirm,
    };
  }
  const later = preview.effectiveAt
    ? t.laterText(preview.currentPlan.name, formatLongDate(preview.effectiveAt), plan, price)
    : t.laterTextNoDate(preview.currentPlan.name, plan, price);
  return {
    title: t.laterTitle(plan),
    text: preview.needsApproval ? `${later} ${t.approvalText}` : later,
    confirmLabel: t.confirm,
  };
}

/**
 * « Changer de formule »: the server's preview, stated before anything happens, then the change
 * once confirmed — the page waits for the server's answer (nothing optimistic), then shows the new
 * state and says what happened. PayPal's consent opens in a tab opened at the click (a popup
 * blocker allows it).
 */
export function PlanChangeDialog({
  planId,
  agreement,
  onClose,
}: {
  planId: string;
  agreement: Agreement;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const preview = useQuery(planChangeOptions(planId));
  const change = useMutation({
    mutationFn: async (tab: Window | null) => ({ tab, ...(await changeTo(planId, true)) }),
    onSuccess: ({ tab, ...done }) => {
      client.setQueriesData({ queryKey: subscriptionKeys.states() }, done.subscription);
      // The plan decides the stream's limits and what the pages show: everything is read again.
      void client.invalidateQueries();
      if (done.approveUrl) {
        if (tab) tab.location.href = done.approveUrl;
        else window.open(done.approveUrl, "_blank", "noopener");
      } else tab?.close();
      const plan = preview.data?.plan.name ?? "";
      if (done.kind === "revert")
        toast.success(t.doneRevertTitle, t.doneRevert(preview.data?.currentPlan.name ?? ""));
      else if (done.effective === "now") toast.success(t.doneNowTitle, t.doneNow(plan));
      else
        toast.success(
          t.doneLaterTitle,
          [
            done.effectiveAt ? t.doneLater(plan, formatLongDate(done.effectiveAt)) : null,
            done.approveUrl ? t.doneApproval : null,
          ]
            .filter(Boolean)
            .join(" "),
        );
      onClose();
    },
    onError: (error, tab) => {
      tab?.close();
      toast.error(t.failed, serverMessage(error, t.failed));
    },
  });
  if (preview.isError) {
    return (
      <ConfirmDialog
        title={t.previewFailed}
        text={serverMessage(preview.error, t.previewFailed)}
        confirmLabel={t.retry}
        cancelLabel={t.cancel}
        busy={preview.isFetching}
        onConfirm={() => void preview.refetch()}
        onClose={onClose}
      />
    );
  }
  const copy = preview.data ? planChangeCopy(preview.data, agreement) : null;
  return (
    <ConfirmDialog
      title={copy?.title ?? t.change}
      text={copy?.text ?? t.loading}
      confirmLabel={copy?.confirmLabel ?? t.confirm}
      cancelLabel={t.cancel}
      busy={!copy || change.isPending}
      onConfirm={() => change.mutate(preview.data?.needsApproval ? window.open("", "_blank") : null)}
      onClose={onClose}
    />
  );
}
