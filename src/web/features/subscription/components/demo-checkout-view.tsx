import { useMutation, useQuery } from "@tanstack/react-query";
import { FlaskConical, ShieldAlert, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { DEMO_CARDS } from "#contract/billing";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { inputClass } from "#web/components/ui/text-field.tsx";
import { demoText, plansText } from "#web/i18n/subscription.ts";
import { serverMessage } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { demoCheckoutOptions, payDemo } from "../api/plan-queries.ts";
import { formatPrice, priceSuffix } from "./plan-price.ts";

const group = (card: string) => card.replace(/(\d{4})(?=\d)/g, "$1 ");

/**
 * The demo provider's checkout page (docs/decisions/042-demo-provider.md): clearly « Mode
 * démonstration », test cards only; the server decides what each card does.
 */
export function DemoCheckoutView({ paymentId }: { paymentId: string }) {
  const navigate = useNavigate();
  const cardId = useId();
  const [card, setCard] = useState("");
  const query = useQuery(demoCheckoutOptions(paymentId));
  const [state, setState] = useState<"open" | "requires_action" | "paid" | "declined" | undefined>();
  const pay = useMutation({
    mutationFn: (body: { cardNumber?: string; confirm?: boolean }) => payDemo(paymentId, body),
    onSuccess: (res) => {
      setState(res.state);
      if (res.next) void navigate(res.next);
    },
    onError: (error) => toast.error(plansText.errorTitle, serverMessage(error, plansText.errorFallback)),
  });
  if (query.isError) {
    return (
      <StateMessage
        icon={TriangleAlert}
        headingLevel={1}
        title={demoText.title}
        text={demoText.unknown}
        link={{ to: "/subscription", label: demoText.back }}
      />
    );
  }
  if (!query.data) return <div aria-hidden="true" className="skeleton mx-auto h-96 max-w-lg rounded-3xl" />;
  const { plan } = query.data;
  const current = state ?? query.data.state;
  const amount = formatPrice(plan.priceCents, plan.currency);
  return (
    <div className="mx-auto max-w-lg">
      <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-amber-300/40 bg-amber-300/10 px-3 py-1 text-sm font-bold text-amber-200">
        <FlaskConical className="size-4" aria-hidden="true" />
        {demoText.badge}
      </p>
      <h1 className="text-3xl font-extrabold tracking-tight">{demoText.title}</h1>
      <p className="mt-2 text-muted">{demoText.intro}</p>
      <section className="mt-6 rounded-2xl border border-line bg-surface-2/60 p-5">
        <h2 className="font-bold">{demoText.order}</h2>
        <p className="mt-2 flex justify-between">
          <span>{plan.name}</span>
          <span className="font-semibold tabular-nums">
            {amount}
            {priceSuffix(plan.interval)}
          </span>
        </p>
      </section>
      <section className="mt-5 rounded-2xl border border-line bg-surface-2/60 p-5">
        <h2 className="font-bold">{demoText.cards}</h2>
        <ul className="mt-2 grid gap-1 text-sm">
          <li>
            <span className="font-mono">{group(DEMO_CARDS.approved)}</span> — {demoText.approved}
          </li>
          <li>
            <span className="font-mono">{group(DEMO_CARDS.declined)}</span> — {demoText.declined}
          </li>
          <li>
            <span className="font-mono">{group(DEMO_CARDS.confirm)}</span> — {demoText.confirm}
          </li>
        </ul>
      </section>
      {current === "requires_action" ? (
        <section
          className="mt-5 rounded-2xl border border-amber-300/40 bg-amber-300/5 p-5"
          aria-live="polite"
        >
          <h2 className="flex items-center gap-2 font-bold">
            <ShieldAlert className="size-5 text-amber-200" aria-hidden="true" />
            {demoText.confirmTitle}
          </h2>
          <p className="mt-1 text-sm text-muted">{demoText.confirmText}</p>
          <button
            type="button"
            className={`${buttonStyles({})} mt-4 w-full`}
            disabled={pay.isPending}
            onClick={() => pay.mutate({ confirm: true })}
          >
            {demoText.confirmButton}
          </button>
        </section>
      ) : (
        <form
          className="mt-5 flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            pay.mutate({ cardNumber: card });
          }}
        >
          <label htmlFor={cardId} className="text-sm font-semibold">
            {demoText.cardNumber}
          </label>
          <input
            id={cardId}
            className={inputClass}
            inputMode="numeric"
            autoComplete="off"
            value={card}
            maxLength={24}
            onChange={(e) => setCard(e.target.value.replace(/[^\d ]/g, ""))}
          />
          {current === "declined" && (
            <p role="alert" className="text-sm text-danger">
              {demoText.declinedText}
            </p>
          )}
          <button type="submit" className={buttonStyles({})} disabled={pay.isPending || card.trim() === ""}>
            {pay.isPending ? demoText.paying : demoText.pay(amount)}
          </button>
        </form>
      )}
      <p className="mt-5 text-center text-sm">
        <Link to="/subscription" className="text-muted underline underline-offset-2 hover:text-fg">
          {demoText.back}
        </Link>
      </p>
    </div>
  );
}
