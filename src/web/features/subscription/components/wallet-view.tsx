import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Clock, Copy, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { walletReference } from "#contract/billing";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { plansText, walletText } from "#web/i18n/subscription.ts";
import { isApiRequestError, serverMessage } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { declareWallet, subscriptionKeys, walletOptions } from "../api/plan-queries.ts";
import { formatPrice, priceSuffix } from "./plan-price.ts";

/**
 * /payment/crypto (decision 051; spec §9 "crypto: a wallet address is shown and copied to
 * clipboard"): the order, the operator's wallet address with its copy button, then the member's
 * transaction reference; the page follows the payment until an administrator confirms or refuses it.
 */
export function WalletView({ paymentId }: { paymentId: string }) {
  const client = useQueryClient();
  const query = useQuery(walletOptions(paymentId));
  const [reference, setReference] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [editing, setEditing] = useState(false);
  const declare = useMutation({
    mutationFn: (value: string) => declareWallet(paymentId, value),
    onSuccess: (payment) => {
      client.setQueryData(subscriptionKeys.wallet(paymentId), payment);
      setEditing(false);
      toast.success(walletText.declared);
    },
    onError: (e) => {
      const field = isApiRequestError(e) ? e.fields?.reference : undefined;
      if (field) setError(field);
      else toast.error(plansText.errorTitle, serverMessage(e, plansText.errorFallback));
    },
  });

  if (query.isError) {
    return (
      <StateMessage
        icon={TriangleAlert}
        headingLevel={1}
        title={walletText.title}
        text={serverMessage(query.error, walletText.unknown)}
        link={{ to: "/subscription", label: walletText.back }}
      />
    );
  }
  if (!query.data)
    return <div aria-hidden="true" className="skeleton mx-auto h-[32rem] max-w-lg rounded-3xl" />;
  const payment = query.data;
  const { plan } = payment;
  if (payment.status === "paid") {
    return (
      <StateMessage
        icon={CircleCheck}
        headingLevel={1}
        title={walletText.paidTitle}
        text={walletText.paidText}
        link={{ to: "/", label: walletText.start }}
      />
    );
  }
  if (payment.status !== "pending") {
    return (
      <StateMessage
        icon={TriangleAlert}
        headingLevel={1}
        alert
        title={walletText.failedTitle}
        text={walletText.failedText}
        link={{ to: "/subscription", label: walletText.back }}
      />
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(payment.address);
      toast.success(walletText.copied);
    } catch {
      toast.error(walletText.copyFailed);
    }
  };
  const submit = () => {
    const checked = walletReference.safeParse(reference);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    declare.mutate(checked.data);
  };
  const asking = payment.reference === null || editing;

  return (
    <div className="mx-auto max-w-lg">
      <h1 className="text-3xl font-extrabold tracking-tight">{walletText.title}</h1>
      <p className="mt-2 text-muted">{walletText.intro(payment.network)}</p>
      <section className="mt-6 rounded-2xl border border-line bg-surface-2/60 p-5">
        <h2 className="font-bold">{walletText.order}</h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted">{walletText.plan}</dt>
          <dd>{plan.name}</dd>
          <dt className="text-muted">{walletText.amount}</dt>
          <dd className="font-semibold tabular-nums">
            {formatPrice(plan.priceCents, plan.currency)}
            {priceSuffix(plan.interval)}
          </dd>
          <dt className="text-muted">{walletText.network}</dt>
          <dd>{payment.network}</dd>
        </dl>
      </section>
      <section className="mt-5 rounded-2xl border border-line bg-surface-2/60 p-5">
        <h2 className="font-bold">{walletText.address}</h2>
        <p className="mt-2 rounded-xl border border-line bg-surface px-3 py-2.5 font-mono text-sm break-all select-all">
          {payment.address}
        </p>
        <button
          type="button"
          className={`${buttonStyles({ variant: "outline", size: "sm" })} mt-3`}
          onClick={() => void copy()}
        >
          <Copy className="size-4" aria-hidden="true" />
          {walletText.copy}
        </button>
      </section>
      {asking ? (
        <form
          noValidate
          className="mt-5 flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextField
            label={walletText.reference}
            hint={walletText.referenceHint}
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
          <button type="submit" className={buttonStyles({})} disabled={declare.isPending}>
            {declare.isPending ? walletText.declaring : walletText.declare}
          </button>
        </form>
      ) : (
        <section
          className="mt-5 rounded-2xl border border-accent/40 bg-accent/5 p-5"
          aria-labelledby="wallet-waiting"
        >
          <h2 id="wallet-waiting" className="flex items-center gap-2 font-bold">
            <Clock className="size-5 text-accent" aria-hidden="true" />
            {walletText.waitingTitle}
          </h2>
          <p role="status" className="mt-1 text-sm text-muted">
            {walletText.waitingText}
          </p>
          <p className="mt-3 text-sm">
            <span className="text-muted">{walletText.declaredAs}</span>
            <span className="mt-1 block font-mono text-xs break-all">{payment.reference}</span>
          </p>
          <button
            type="button"
            className={`${buttonStyles({ variant: "outline", size: "sm" })} mt-4`}
            onClick={() => {
              setReference(payment.reference ?? "");
              setEditing(true);
            }}
          >
            {walletText.update}
          </button>
        </section>
      )}
      <p className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
        <Link to="/subscription" className="text-muted underline underline-offset-2 hover:text-fg">
          {walletText.back}
        </Link>
        <a
          className="text-muted underline underline-offset-2 hover:text-fg"
          href="mailto:support@bobine.local"
        >
          {walletText.support}
        </a>
      </p>
    </div>
  );
}
