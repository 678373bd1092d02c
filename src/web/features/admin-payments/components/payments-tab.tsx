import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeftRight, CreditCard, RotateCw, Undo2, Webhook } from "lucide-react";
import type { AdminPayment, AdminPaymentEvent, AdminPlanChange } from "#contract/billing";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { type Column, DataTable } from "#web/components/ui/data-table.tsx";
import { QueryLoadError } from "#web/components/ui/load-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { adminText, adminPaymentsText as text } from "#web/i18n/admin.ts";
import { serverMessage } from "#web/lib/api.ts";
import { formatPrice } from "#web/lib/format.ts";
import { toast } from "#web/lib/toast.ts";
import { adminPaymentKeys, ledgerOptions, postRefund, postReplay } from "../api/payment-queries.ts";
import { usePaymentAction } from "../hooks/use-payment-action.ts";
import { paymentAmount as amount, payerName as member, paymentTime as when } from "../lib/payment-labels.ts";
import { WalletConfirmations } from "./wallet-confirmations.tsx";

const statusTone: Record<string, string> = {
  paid: "bg-surface-3 text-fg",
  refunded: "bg-surface-2 text-muted",
  failed: "bg-danger/15 text-danger",
  pending: "bg-accent/15 text-accent",
};

/**
 * « Paiements » (decision 041): the crypto payments to confirm (decision 051), the payments ledger — who paid what, how, and where it stands —
 * with a refund through the provider for a paid one (it ends the paid access at once), then the
 * webhook deliveries received and what Bobine did with each (applied, ignored as a duplicate,
 * kept because the amount or currency differed from the plan), each of which can be replayed (its
 * object re-read from the provider and applied again: idempotent, so only what was wrong changes).
 */
export function PaymentsTab() {
  const ledger = useQuery(ledgerOptions());
  const client = useQueryClient();
  const refund = usePaymentAction(postRefund, { done: text.refunded, failed: text.refundFailed });
  const replay = useMutation({
    mutationFn: (event: AdminPaymentEvent) => postReplay(event.id),
    onSuccess: async (answer) => {
      toast.success(text.replayed, text.outcomes[answer.outcome] ?? answer.outcome);
      await client.invalidateQueries({ queryKey: [adminPaymentKeys.root] });
    },
    onError: (error) => toast.error(adminText.errorTitle, serverMessage(error, text.replayFailed)),
  });

  const columns: Column<AdminPayment>[] = [
    { key: "member", header: text.columns.member, card: "title", cell: member },
    {
      key: "at",
      header: text.columns.at,
      className: "whitespace-nowrap",
      cell: (p) => when.format(new Date(p.createdAt)),
    },
    { key: "plan", header: text.columns.plan, cell: (p) => p.planName },
    { key: "provider", header: text.columns.provider, cell: (p) => text.providers[p.provider] ?? p.provider },
    {
      key: "amount",
      header: text.columns.amount,
      className: "whitespace-nowrap tabular-nums",
      cell: amount,
    },
    {
      key: "status",
      header: text.columns.status,
      cell: (p) => (
        <span className="flex flex-col gap-0.5">
          <span
            className={`w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[p.status] ?? ""}`}
          >
            {text.statuses[p.status] ?? p.status}
          </span>
          {p.failureReason && (
            <span className="text-xs text-muted">
              {text.failureReasons[p.failureReason] ?? p.failureReason}
            </span>
          )}
        </span>
      ),
    },
    {
      key: "reference",
      header: text.columns.reference,
      className: "max-w-48",
      cell: (p) => <span className="break-all font-mono text-xs text-muted">{p.providerRef ?? "—"}</span>,
    },
    {
      key: "actions",
      header: text.columns.actions,
      headerHidden: true,
      card: "actions",
      cell: (p) =>
        p.status === "paid" ? (
          <button
            type="button"
            className={buttonStyles({ variant: "outline", size: "sm" })}
            aria-label={text.refundLabel(member(p), amount(p))}
            onClick={() => refund.ask(p)}
          >
            <Undo2 className="size-4" aria-hidden="true" />
            {text.refund}
          </button>
        ) : null,
    },
  ];
  const eventColumns: Column<AdminPaymentEvent>[] = [
    { key: "type", header: text.eventColumns.type, card: "title", cell: (e) => e.type },
    {
      key: "at",
      header: text.eventColumns.at,
      className: "whitespace-nowrap",
      cell: (e) => when.format(new Date(e.receivedAt)),
    },
    {
      key: "provider",
      header: text.eventColumns.provider,
      cell: (e) => text.providers[e.provider] ?? e.provider,
    },
    { key: "outcome", header: text.eventColumns.outcome, cell: (e) => text.outcomes[e.outcome] ?? e.outcome },
    {
      key: "detail",
      header: text.eventColumns.detail,
      className: "max-w-72",
      cell: (e) => <span className="wrap-anywhere text-xs text-muted">{e.detail ?? "—"}</span>,
    },
    {
      key: "actions",
      header: text.eventColumns.actions,
      headerHidden: true,
      card: "actions",
      cell: (e) => (
        <button
          type="button"
          className={buttonStyles({ variant: "outline", size: "sm" })}
          aria-label={text.replayLabel(e.type, when.format(new Date(e.receivedAt)))}
          disabled={replay.isPending && replay.variables?.id === e.id}
          onClick={() => replay.mutate(e)}
        >
          <RotateCw className="size-4" aria-hidden="true" />
          {text.replay}
        </button>
      ),
    },
  ];

  const changeColumns: Column<AdminPlanChange>[] = [
    {
      key: "member",
      header: text.changeColumns.member,
      card: "title",
      cell: (c) => c.username ?? text.deletedMember,
    },
    {
      key: "at",
      header: text.changeColumns.at,
      className: "whitespace-nowrap",
      cell: (c) => when.format(new Date(c.createdAt)),
    },
    {
      key: "change",
      header: text.changeColumns.change,
      cell: (c) => text.changeFromTo(c.fromPlan, c.toPlan),
    },
    {
      key: "provider",
      header: text.changeColumns.provider,
      cell: (c) => text.providers[c.provider] ?? c.provider,
    },
    {
      key: "status",
      header: text.changeColumns.status,
      cell: (c) => (
        <span className="flex flex-col gap-0.5">
          <span>{text.changeStatuses[c.status] ?? c.status}</span>
          {c.detail && <span className="text-xs text-muted">{c.detail}</span>}
        </span>
      ),
    },
    {
      key: "effective",
      header: text.changeColumns.effective,
      className: "whitespace-nowrap",
      cell: (c) => (c.effectiveAt ? when.format(new Date(c.effectiveAt)) : "—"),
    },
    {
      key: "amount",
      header: text.changeColumns.amount,
      className: "whitespace-nowrap tabular-nums",
      cell: (c) => (c.amountCents !== null && c.currency ? formatPrice(c.amountCents, c.currency) : "—"),
    },
  ];

  if (ledger.isError)
    return (
      <QueryLoadError
        title={adminText.loadFailed}
        text={serverMessage(ledger.error, adminText.loadFailed)}
        query={ledger}
      />
    );
  if (ledger.isPending)
    return (
      <div className="grid place-items-center py-16">
        <Spinner />
      </div>
    );
  const { toConfirm, payments, events, planChanges } = ledger.data;
  return (
    <div className="flex flex-col gap-10">
      <WalletConfirmations payments={toConfirm} />
      <section aria-labelledby="admin-payments-heading">
        <h2 id="admin-payments-heading" className="text-xl font-bold">
          {text.heading}
        </h2>
        <p className="text-sm text-muted">{text.text}</p>
        <div className="mt-5" aria-busy={ledger.isFetching}>
          {payments.length === 0 ? (
            <StateMessage icon={CreditCard} title={text.empty} text={text.text} />
          ) : (
            <DataTable caption={text.heading} columns={columns} rows={payments} rowKey={(p) => p.id} />
          )}
        </div>
      </section>
      <section aria-labelledby="admin-plan-changes-heading">
        <h2 id="admin-plan-changes-heading" className="text-xl font-bold">
          {text.changesHeading}
        </h2>
        <p className="text-sm text-muted">{text.changesText}</p>
        <div className="mt-5">
          {planChanges.length === 0 ? (
            <StateMessage icon={ArrowLeftRight} title={text.changesEmpty} text={text.changesText} />
          ) : (
            <DataTable
              caption={text.changesHeading}
              columns={changeColumns}
              rows={planChanges}
              rowKey={(c) => c.id}
            />
          )}
        </div>
      </section>
      <section aria-labelledby="admin-webhooks-heading">
        <h2 id="admin-webhooks-heading" className="text-xl font-bold">
          {text.eventsHeading}
        </h2>
        <p className="text-sm text-muted">{text.eventsText}</p>
        <div className="mt-5">
          {events.length === 0 ? (
            <StateMessage icon={Webhook} title={text.eventsEmpty} text={text.eventsText} />
          ) : (
            <DataTable
              caption={text.eventsHeading}
              columns={eventColumns}
              rows={events}
              rowKey={(e) => e.id}
            />
          )}
        </div>
      </section>
      {refund.asking && (
        <ConfirmDialog
          danger
          title={text.confirmRefund(amount(refund.asking))}
          text={refund.asking.refundByHand ? text.confirmRefundByHandText : text.confirmRefundText}
          confirmLabel={text.refund}
          cancelLabel={adminText.cancel}
          busy={refund.action.isPending}
          onClose={refund.close}
          onConfirm={() => refund.asking && refund.action.mutate(refund.asking)}
        />
      )}
    </div>
  );
}
