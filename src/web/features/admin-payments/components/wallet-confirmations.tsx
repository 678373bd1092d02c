import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { type AdminPayment, walletReference } from "#contract/billing";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { type Column, DataTable } from "#web/components/ui/data-table.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { adminText, adminPaymentsText as text } from "#web/i18n/admin.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { adminPaymentKeys, postConfirm, postReject } from "../api/payment-queries.ts";
import { usePaymentAction } from "../hooks/use-payment-action.ts";
import { paymentAmount as amount, payerName as member, paymentTime as when } from "../lib/payment-labels.ts";

/** « Confirmer »: the transaction's reference (the member's declaration, which the administrator may correct). */
function ConfirmWalletDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const client = useQueryClient();
  const [reference, setReference] = useState(payment.providerRef ?? "");
  const [error, setError] = useState<string | undefined>();
  const confirm = useMutation({
    mutationFn: (value: string) => postConfirm(payment.id, value),
    onSuccess: async () => {
      toast.success(text.confirmed, `${member(payment)} — ${payment.planName}`);
      onClose();
      await client.invalidateQueries({ queryKey: [adminPaymentKeys.root] });
    },
    onError: (e) => {
      const field = isApiRequestError(e) ? e.fields?.reference : undefined;
      if (field) setError(field);
      else toast.error(adminText.errorTitle, serverMessage(e, text.confirmFailed));
    },
  });
  const submit = () => {
    const checked = walletReference.safeParse(reference);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    confirm.mutate(checked.data);
  };
  return (
    <ConfirmDialog
      title={text.confirmTitle(amount(payment))}
      text={text.confirmText(member(payment), payment.planName)}
      confirmLabel={text.confirm}
      cancelLabel={adminText.cancel}
      busy={confirm.isPending}
      onClose={onClose}
      onConfirm={submit}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={text.referenceLabel}
          error={error}
          value={reference}
          autoComplete="off"
          spellCheck={false}
          maxLength={128}
          onChange={(e) => {
            setReference(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </form>
    </ConfirmDialog>
  );
}

/**
 * The crypto payments sent to the operator's wallet that wait for an administrator (decision 051),
 * oldest first: the member's declared transaction, « Confirmer » with its reference (access starts,
 * the receipt leaves) or « Refuser » (the member is told). Shown only when there is one to settle.
 */
export function WalletConfirmations({ payments }: { payments: readonly AdminPayment[] }) {
  const [confirming, setConfirming] = useState<AdminPayment | null>(null);
  const reject = usePaymentAction(postReject, { done: text.rejected, failed: text.rejectFailed });
  if (payments.length === 0) return null;

  const columns: Column<AdminPayment>[] = [
    { key: "member", header: text.columns.member, card: "title", cell: member },
    {
      key: "at",
      header: text.columns.at,
      className: "whitespace-nowrap",
      cell: (p) => when.format(new Date(p.createdAt)),
    },
    { key: "plan", header: text.columns.plan, cell: (p) => p.planName },
    { key: "amount", header: text.columns.amount, className: "whitespace-nowrap tabular-nums", cell: amount },
    {
      key: "reference",
      header: text.columns.reference,
      className: "max-w-56",
      cell: (p) =>
        p.providerRef ? (
          <span className="break-all font-mono text-xs">{p.providerRef}</span>
        ) : (
          <span className="text-xs text-muted">{text.notDeclared}</span>
        ),
    },
    {
      key: "actions",
      header: text.columns.actions,
      headerHidden: true,
      card: "actions",
      cell: (p) => (
        <span className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonStyles({ size: "sm" })}
            aria-label={text.confirmLabel(member(p), amount(p))}
            onClick={() => setConfirming(p)}
          >
            <Check className="size-4" aria-hidden="true" />
            {text.confirm}
          </button>
          <button
            type="button"
            className={buttonStyles({ variant: "outline", size: "sm" })}
            aria-label={text.rejectLabel(member(p), amount(p))}
            onClick={() => reject.ask(p)}
          >
            <X className="size-4" aria-hidden="true" />
            {text.reject}
          </button>
        </span>
      ),
    },
  ];

  return (
    <section aria-labelledby="admin-wallet-heading">
      <h2 id="admin-wallet-heading" className="text-xl font-bold">
        {text.toConfirmHeading}
        <span className="ml-2 rounded-full bg-accent px-2 py-0.5 align-middle text-sm text-on-accent tabular-nums">
          {payments.length}
        </span>
      </h2>
      <p className="text-sm text-muted">{text.toConfirmText}</p>
      <div className="mt-5">
        <DataTable caption={text.toConfirmHeading} columns={columns} rows={payments} rowKey={(p) => p.id} />
      </div>
      {confirming && <ConfirmWalletDialog payment={confirming} onClose={() => setConfirming(null)} />}
      {reject.asking && (
        <ConfirmDialog
          danger
          title={text.rejectTitle(amount(reject.asking))}
          text={text.rejectText}
          confirmLabel={text.reject}
          cancelLabel={adminText.cancel}
          busy={reject.action.isPending}
          onClose={reject.close}
          onConfirm={() => reject.asking && reject.action.mutate(reject.asking)}
        />
      )}
    </section>
  );
}
