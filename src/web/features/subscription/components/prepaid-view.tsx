import { useQuery } from "@tanstack/react-query";
import { ExternalLink, ShieldCheck, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { prepaidText } from "#web/i18n/subscription.ts";
import { subscriptionKeys, verify } from "../api/plan-queries.ts";
import { formatPrice } from "./plan-price.ts";

/**
 * spec §2 Prepaid-card page: the order summary (fr-FR amount, EUR by default) and the way to
 * paysafecard's panel, whose address the server reads from paysafecard; then the payment's state
 * (entering → processing → paid, then /subscription/success after 2 s).
 */
export function PrepaidView({
  paymentId,
  amountCents,
  currency,
  plan,
  failed,
}: {
  paymentId: string;
  amountCents: number;
  currency: string;
  plan: string | null;
  failed: boolean;
}) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: subscriptionKeys.verify(paymentId),
    queryFn: () => verify(paymentId),
    refetchInterval: (q) => (q.state.data?.status === "pending" ? 3000 : false),
    retry: false,
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status !== "paid") return;
    const timer = window.setTimeout(
      () => void navigate(`/subscription/success?session_id=${encodeURIComponent(paymentId)}`),
      2000,
    );
    return () => window.clearTimeout(timer);
  }, [status, navigate, paymentId]);

  if (failed || query.isError || status === "failed") {
    return (
      <StateMessage
        icon={TriangleAlert}
        headingLevel={1}
        alert
        title={prepaidText.failedTitle}
        text={prepaidText.failedText}
        link={{ to: "/subscription", label: prepaidText.back }}
      />
    );
  }
  return (
    <div className="mx-auto max-w-lg">
      <h1 className="text-3xl font-extrabold tracking-tight">{prepaidText.title}</h1>
      <section className="mt-6 rounded-2xl border border-line bg-surface-2/60 p-5">
        <h2 className="font-bold">{prepaidText.order}</h2>
        <dl className="mt-2 grid grid-cols-2 gap-y-1 text-sm">
          {plan && (
            <>
              <dt className="text-muted">{prepaidText.plan}</dt>
              <dd>{plan}</dd>
            </>
          )}
          <dt className="text-muted">{prepaidText.amount}</dt>
          <dd className="font-semibold tabular-nums">{formatPrice(amountCents, currency)}</dd>
        </dl>
      </section>
      <p className="mt-5 flex gap-2 text-sm text-muted">
        <ShieldCheck className="size-4 shrink-0 text-emerald-300" aria-hidden="true" />
        {prepaidText.pinElsewhere}
      </p>
      {status === "paid" ? (
        <p role="status" className="mt-6 font-semibold text-emerald-300">
          {prepaidText.paid}
        </p>
      ) : (
        <>
          {query.data?.payUrl && (
            <a
              href={query.data.payUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${buttonStyles({})} mt-6 w-full`}
            >
              <ExternalLink aria-hidden="true" />
              {prepaidText.open}
            </a>
          )}
          <p role="status" className="mt-5 flex items-center justify-center gap-3 text-sm text-muted">
            <Spinner className="size-5" />
            {prepaidText.waiting}
          </p>
        </>
      )}
    </div>
  );
}
