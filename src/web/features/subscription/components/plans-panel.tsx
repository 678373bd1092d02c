import { useMutation, useQuery } from "@tanstack/react-query";
import {
  Bitcoin,
  Check,
  CreditCard,
  ExternalLink,
  FlaskConical,
  Info,
  ShieldCheck,
  Ticket,
  TriangleAlert,
  Wallet,
} from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import type { listPlans } from "#contract/auth";
import type { CheckoutMethod } from "#contract/billing";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { RetryButton } from "#web/components/ui/load-error.tsx";
import { commonText } from "#web/i18n/common.ts";
import { planChangeText, plansText } from "#web/i18n/subscription.ts";
import { serverMessage } from "#web/lib/api.ts";
import { formatLongDate } from "#web/lib/format.ts";
import { onSubscriptionUpdated } from "#web/lib/query-tags.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { toast } from "#web/lib/toast.ts";
import { plansOptions, startCheckout, subscriptionStateOptions } from "../api/plan-queries.ts";
import { PlanChangeDialog } from "./plan-change-dialog.tsx";
import { formatPrice, priceSuffix } from "./plan-price.ts";

type Plan = z.output<typeof listPlans.response>["items"][number];

/** What a plan's button does for a monthly subscriber whose provider changes plans (decision 053). */
interface ChangeAction {
  label: string;
  ariaLabel?: string;
  /** Absent: the button is disabled (the current plan, or another change already waits). */
  onClick?: () => void;
}

/** spec §9 payment methods offered on the plans screen. */
const methods = [
  { id: "card", icon: CreditCard },
  { id: "paypal", icon: Wallet },
  { id: "paysafecard", icon: Ticket },
  { id: "crypto", icon: Bitcoin },
] as const;
type Method = CheckoutMethod;

function PaymentMethods({ value, onChange }: { value: Method; onChange: (m: Method) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">
        {plansText.methodLegend}
      </legend>
      <div className="grid gap-2.5 sm:grid-cols-2 lg:grid-cols-4">
        {methods.map(({ id, icon: Icon }) => {
          const text = plansText.methods[id];
          return (
            <label
              key={id}
              className="group relative flex cursor-pointer items-start gap-3 rounded-2xl border border-line bg-surface-2/60 p-3.5 transition-colors hover:border-white/25 has-checked:border-accent has-checked:bg-accent/8 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent"
            >
              <input
                type="radio"
                name={name}
                value={id}
                checked={value === id}
                onChange={() => onChange(id)}
                className="sr-only"
              />
              <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-white/6 text-fg/80 group-has-checked:bg-accent group-has-checked:text-on-accent">
                <Icon className="size-[1.1rem]" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold">{text.label}</span>
                <span className="mt-0.5 block text-xs leading-snug text-muted">{text.text}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function PlanCard({
  plan,
  headingLevel,
  noteId,
  busy,
  blockedBy,
  change,
  onChoose,
}: {
  plan: Plan;
  headingLevel: 2 | 3;
  noteId: string;
  busy: boolean;
  /** The id of the notice that says why this plan cannot be bought now (or how it is changed to). */
  blockedBy?: string | undefined;
  /** « Changer de formule » instead of a purchase. */
  change?: ChangeAction | undefined;
  onChoose: () => void;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const suffix = priceSuffix(plan.interval);
  const featured = plan.badge !== null;
  return (
    <li
      className={`relative flex flex-col rounded-3xl border p-6 ${
        featured
          ? "border-accent/50 bg-[linear-gradient(180deg,color-mix(in_oklab,var(--color-accent)_10%,var(--color-surface-2)),var(--color-surface-2)_55%)] shadow-[0_20px_60px_-30px_color-mix(in_oklab,var(--color-accent)_45%,transparent)]"
          : "border-line bg-surface-2/70"
      }`}
    >
      {plan.badge && (
        <p className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-1 text-xs font-bold tracking-wide text-on-accent uppercase shadow-lg">
          {plan.badge}
        </p>
      )}
      <Heading className="text-lg font-bold tracking-tight">{plan.name}</Heading>
      <p className="mt-3 flex items-baseline gap-1.5">
        <span className="text-4xl font-extrabold tracking-tight tabular-nums">
          {formatPrice(plan.priceCents, plan.currency)}
        </span>
        {suffix && <span className="text-sm font-medium text-muted">{suffix}</span>}
      </p>
      <ul className="mt-5 flex flex-1 flex-col gap-2.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5 text-fg/85">
            <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      {change ? (
        <button
          type="button"
          disabled={change.onClick === undefined}
          aria-label={change.ariaLabel}
          aria-describedby={blockedBy ?? noteId}
          onClick={change.onClick}
          className={`${buttonStyles({ variant: featured ? "primary" : "outline" })} mt-6 w-full`}
        >
          {change.label}
        </button>
      ) : (
        <button
          type="button"
          disabled={busy || blockedBy !== undefined}
          aria-describedby={blockedBy ?? noteId}
          onClick={onChoose}
          className={`${buttonStyles({ variant: featured ? "primary" : "outline" })} mt-6 w-full`}
        >
          {busy ? plansText.choosing : plansText.choose(plan.name)}
        </button>
      )}
    </li>
  );
}

function PlansSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-5 md:grid-cols-3">
      <span className="sr-only">{commonText.loading}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="skeleton h-96 rounded-3xl" />
      ))}
    </div>
  );
}

/**
 * spec §2 Plans screen / modal: payment method choice (paypal, paysafecard, crypto), plan cards
 * (name, price with /mois, features, badge), payment information. Shared by the modal after
 * sign-up and, later, the /subscription page.
 */
export function PlansPanel({
  headingLevel = 3,
  demoMethods: demoGiven,
}: {
  headingLevel?: 2 | 3;
  /**
   * The methods whose payments the server's demo provider takes (« Mode démonstration », said
   * while one of them is chosen). Without it, the panel reads them from the member's subscription
   * state (the modal after sign-up, the player's paywall).
   */
  demoMethods?: readonly Method[];
}) {
  // Until the member picks one, the method of their settings (« Moyen de paiement préféré »).
  const [chosen, setMethod] = useState<Method | null>(null);
  const [waived, setWaived] = useState(false);
  const [waiverError, setWaiverError] = useState(false);
  const noteId = useId();
  const waiverId = useId();
  const { user } = useSession();
  const state = useQuery({ ...subscriptionStateOptions(user?.id ?? ""), enabled: user !== null });
  const method: Method = chosen ?? state.data?.preferredMethod ?? "card";
  const renewsNot =
    (method === "card" || method === "paypal") && state.data?.autoRenew[method] === false ? method : null;
  const demo = (demoGiven ?? state.data?.demoMethods ?? []).includes(method);
  // Nothing is paid twice (the server refuses it too): lifetime owns everything; a monthly
  // subscription that still renews blocks a second one beside it — « Changer de formule » moves it
  // to another monthly plan where its provider can (decision 053), else it is cancelled first.
  const blockedId = useId();
  const current = state.data;
  const covered = current?.state === "active" || current?.state === "expiring";
  const lifetime = covered && current?.endsAt === null;
  const agreement = current?.agreement && !current.agreement.cancelAtPeriodEnd ? current.agreement : null;
  const navigate = useNavigate();
  const { data, isPending, isError, refetch, isRefetching } = useQuery(plansOptions);
  // The plan that renews, named by the state itself (a gift may run before it: not `planName`).
  const renewing = agreement ? agreement.planName : null;
  const changes = lifetime ? null : (agreement?.planChanges ?? null);
  const pending = agreement?.pendingChange ?? null;
  const [changing, setChanging] = useState<string | null>(null);
  const blocked = (plan: Plan) =>
    lifetime || (renewing !== null && plan.interval === "month") ? blockedId : undefined;
  const changeAction = (plan: Plan): ChangeAction | undefined => {
    if (!agreement || !changes || plan.interval !== "month") return undefined;
    const ask = () => setChanging(plan.id);
    if (plan.id === agreement.planId) {
      // A waiting change is cancelled by keeping the current plan (PayPal: until the member agreed there).
      const revertible = pending && (changes === "prorated" || pending.awaitingApproval);
      return revertible
        ? { label: planChangeText.keep(plan.name), onClick: ask }
        : { label: planChangeText.current };
    }
    if (pending) {
      return plan.id === pending.planId && pending.effectiveAt
        ? { label: planChangeText.scheduledFor(formatLongDate(pending.effectiveAt)) }
        : { label: planChangeText.waitingFor(pending.planName) };
    }
    return { label: planChangeText.change, ariaLabel: planChangeText.changeLabel(plan.name), onClick: ask };
  };
  const note = lifetime
    ? plansText.lifetimeOwned
    : renewing === null
      ? null
      : !changes
        ? plansText.renewing(renewing)
        : pending
          ? pending.effectiveAt
            ? planChangeText.noteWaiting(pending.planName, formatLongDate(pending.effectiveAt))
            : planChangeText.pendingNoDate(pending.planName)
          : changes === "prorated"
            ? planChangeText.noteProrated(renewing)
            : planChangeText.noteRenewal(renewing);
  // The provider's page, when it opened in another tab (spec §7: the payment link opens in a new tab).
  const [elsewhere, setElsewhere] = useState<string | null>(null);
  // Paid there (its success page says so to this tab): the notice has done its work.
  useEffect(
    () => (elsewhere === null ? undefined : onSubscriptionUpdated(() => setElsewhere(null))),
    [elsewhere],
  );
  const checkout = useMutation({
    mutationFn: async ({ planId }: { planId: string; tab: Window | null }) =>
      startCheckout({ planId, method, waiveWithdrawal: true }),
    onSuccess: ({ paymentUrl }, { tab }) => {
      // Bobine's own pages (the demo checkout, the wallet, the prepaid card) inside the app.
      if (paymentUrl.startsWith("/")) {
        tab?.close();
        void navigate(paymentUrl);
      } else if (tab && !tab.closed) {
        // A provider's hosted page, in the tab opened at the click; this screen follows the
        // payment (the success page in that tab tells this one: lib/query-tags.ts).
        tab.location.href = paymentUrl;
        setElsewhere(paymentUrl);
      } else window.location.assign(paymentUrl);
    },
    onError: (error, { tab }) => {
      tab?.close();
      toast.error(plansText.errorTitle, serverMessage(error, plansText.errorFallback));
    },
  });
  const choose = (planId: string) => {
    if (!user) {
      toast.error(plansText.signInRequired);
      return;
    }
    if (!waived) {
      setWaiverError(true);
      document.getElementById(waiverId)?.focus();
      return;
    }
    // Card and PayPal go to their provider's page: a tab opened at the click (a popup blocker
    // allows it; cut from this page), sent there once the server has the link. Without it
    // (blocked), the payment takes this tab, as before.
    const hosted = (method === "card" || method === "paypal") && !demo;
    const tab = hosted ? window.open("", "_blank") : null;
    if (tab) tab.opener = null;
    setElsewhere(null);
    checkout.mutate({ planId, tab });
  };

  return (
    <div className="flex flex-col gap-7">
      {note !== null && (
        <p
          id={blockedId}
          className="flex items-start gap-2.5 rounded-2xl border border-accent/40 bg-accent/8 px-4 py-3 text-sm"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          {/* The cancellation's own button is in the member's state, just above (« Résilier… »). */}
          <span>{note}</span>
        </p>
      )}
      {elsewhere !== null && (
        <div
          role="status"
          className="flex items-start gap-2.5 rounded-2xl border border-line bg-surface-2/70 px-4 py-3 text-sm"
        >
          <ExternalLink className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          <p>
            {plansText.paymentElsewhere}{" "}
            <a
              href={elsewhere}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-fg underline underline-offset-2"
            >
              {plansText.paymentReopen}
            </a>
          </p>
        </div>
      )}
      <div className="flex flex-col gap-3">
        <PaymentMethods value={method} onChange={setMethod} />
        {renewsNot && (
          <p className="flex items-start gap-2 text-sm text-muted">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {plansText.noAutoRenew(renewsNot)}{" "}
              <Link to="/settings" className="font-semibold text-fg underline underline-offset-2">
                {plansText.settingsLink}
              </Link>
            </span>
          </p>
        )}
      </div>
      {isPending ? (
        <PlansSkeleton />
      ) : isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface-2/60 px-6 py-10 text-center"
        >
          <TriangleAlert className="size-6 text-danger" aria-hidden="true" />
          <p className="font-semibold">{plansText.loadFailed}</p>
          <RetryButton look="outline" retrying={isRefetching} onRetry={() => void refetch()} />
        </div>
      ) : (
        <ul className="grid gap-5 pt-3 md:grid-cols-3">
          {data.items.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              headingLevel={headingLevel}
              noteId={noteId}
              busy={checkout.isPending && checkout.variables?.planId === plan.id}
              blockedBy={blocked(plan)}
              change={changeAction(plan)}
              onChoose={() => choose(plan.id)}
            />
          ))}
        </ul>
      )}
      {changing && agreement && (
        <PlanChangeDialog planId={changing} agreement={agreement} onClose={() => setChanging(null)} />
      )}
      <div className="flex flex-col gap-1.5">
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            id={waiverId}
            type="checkbox"
            checked={waived}
            onChange={(e) => {
              setWaived(e.target.checked);
              if (e.target.checked) setWaiverError(false);
            }}
            aria-invalid={waiverError}
            aria-describedby={waiverError ? `${waiverId}-error` : undefined}
            className="mt-0.5 size-4 shrink-0 accent-(--color-accent)"
          />
          <span>{plansText.waiver}</span>
        </label>
        {waiverError && (
          <p id={`${waiverId}-error`} role="alert" className="pl-7 text-sm text-danger">
            {plansText.waiverMissing}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5 text-sm text-muted">
        {demo && (
          <p id={noteId} className="flex items-center gap-2 text-amber-200">
            <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
            {plansText.demoNote}
          </p>
        )}
        <p className="flex items-center gap-2">
          <ShieldCheck className="size-4 shrink-0 text-emerald-300" aria-hidden="true" />
          {plansText.secure}
        </p>
        <p>
          <a className="underline underline-offset-2 hover:text-fg" href="mailto:support@bobine.local">
            {plansText.support}
          </a>
        </p>
      </div>
    </div>
  );
}
