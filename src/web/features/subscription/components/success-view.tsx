import { useQuery } from "@tanstack/react-query";
import { Check, CircleCheck, Clock, RefreshCw, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { plansText, successText } from "#web/i18n/subscription.ts";
import { announceSubscriptionUpdated } from "#web/lib/query-tags.ts";
import { toast } from "#web/lib/toast.ts";
import { subscriptionKeys, verify } from "../api/plan-queries.ts";
import { formatPrice, priceSuffix } from "./plan-price.ts";

/** spec §9 waits: 1 s after the first check, 3 s as the fallback after that. */
const waitAfter = (attempt: number) => (attempt <= 1 ? 1000 : 3000);

/** Checks before the page stops waiting (about half a minute) and says the payment is still pending. */
export const MAX_CHECKS = 10;

/**
 * spec §2 Success page: 'Vérification de votre paiement...' until the server has verified the
 * payment with the provider, then the plan's details and the 8 benefits — never before.
 */
export function SuccessView({ sessionId }: { sessionId: string }) {
  // Checks made since the page opened or « Vérifier à nouveau » (the cache's count outlives a visit).
  const [checks, setChecks] = useState(0);
  const query = useQuery({
    queryKey: subscriptionKeys.verify(sessionId),
    queryFn: () => verify(sessionId),
    refetchInterval: (q) =>
      q.state.data?.status === "pending" && checks < MAX_CHECKS ? waitAfter(q.state.dataUpdateCount) : false,
    // The app's retry rule (app/query-client.ts): a network hiccup is tried again, a payment the
    // server does not know (404) or refuses is not (an unknown session_id waited ten seconds).
    retryDelay: 3000,
  });
  const status = query.data?.status;
  const answeredAt = query.dataUpdatedAt;
  useEffect(() => {
    if (answeredAt) setChecks((n) => n + 1);
  }, [answeredAt]);
  useEffect(() => {
    if (status !== "paid" || !query.data) return;
    // spec §4: the subscription, and every answer access changes, is read again on this event
    // (app/query-client.ts), here and in the tab whose plans screen opened the payment.
    announceSubscriptionUpdated();
    toast.success(successText.toastTitle, successText.toastText(query.data.plan.name));
  }, [status, query.data]);

  if (status === "refunded") {
    return (
      <StateMessage
        icon={TriangleAlert}
        headingLevel={1}
        alert
        title={successText.duplicateTitle}
        text={successText.duplicateText}
        link={{ to: "/settings", label: successText.settings }}
      />
    );
  }
  if (query.isError || status === "failed") {
    return (
      <StateMessage
        icon={TriangleAlert}
        headingLevel={1}
        alert
        title={successText.failedTitle}
        text={successText.failedText}
        link={{ to: "/subscription", label: successText.backToPlans }}
      />
    );
  }
  if (status === "pending" && checks >= MAX_CHECKS && !query.isFetching) {
    return (
      <StateMessage
        icon={Clock}
        headingLevel={1}
        title={successText.waitingTitle}
        text={successText.waitingText}
        action={
          <button
            type="button"
            className={buttonStyles({ variant: "primary" })}
            onClick={() => {
              setChecks(0);
              void query.refetch();
            }}
          >
            <RefreshCw aria-hidden="true" />
            {successText.checkAgain}
          </button>
        }
        link={{ to: "/subscription", label: successText.backToPlans }}
      />
    );
  }
  if (!query.data || status === "pending") {
    return (
      <div role="status" className="flex flex-col items-center gap-5 py-24 text-center">
        <Spinner />
        <p className="text-lg font-semibold">{successText.verifying}</p>
      </div>
    );
  }
  const { plan, method } = query.data;
  const suffix = priceSuffix(plan.interval);
  const methodLabel =
    method === "card" || method === "paypal" || method === "paysafecard" || method === "crypto"
      ? plansText.methods[method].label
      : method;
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center text-center">
      <span className="grid size-16 place-items-center rounded-full bg-emerald-400/15 text-emerald-300">
        <CircleCheck className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight sm:text-4xl">
        {successText.welcome(plan.name)}
      </h1>
      <p className="mt-2 text-lg text-muted">{successText.activated}</p>
      <section className="mt-8 w-full rounded-2xl border border-line bg-surface-2/60 p-5 text-left">
        <h2 className="mb-3 font-bold">{successText.details}</h2>
        <dl className="grid grid-cols-2 gap-y-2 text-sm">
          <dt className="text-muted">{successText.plan}</dt>
          <dd>{plan.name}</dd>
          <dt className="text-muted">{successText.price}</dt>
          <dd>
            {formatPrice(plan.priceCents, plan.currency)}
            {suffix}
          </dd>
          <dt className="text-muted">{successText.status}</dt>
          <dd className="text-emerald-300">{successText.active}</dd>
          {methodLabel && (
            <>
              <dt className="text-muted">{successText.method}</dt>
              <dd>{methodLabel}</dd>
            </>
          )}
        </dl>
      </section>
      <section className="mt-5 w-full text-left">
        <h2 className="mb-3 font-bold">{successText.benefitsTitle}</h2>
        <ul className="grid gap-2 text-sm sm:grid-cols-2">
          {successText.benefits.map((b) => (
            <li key={b} className="flex items-center gap-2">
              <Check className="size-4 text-accent" aria-hidden="true" />
              {b}
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonStyles({})}>
          {successText.home}
        </Link>
        <Link to="/settings" className={buttonStyles({ variant: "outline" })}>
          {successText.settings}
        </Link>
      </div>
      <p className="mt-6 text-sm text-muted">{successText.mailNote}</p>
    </div>
  );
}
