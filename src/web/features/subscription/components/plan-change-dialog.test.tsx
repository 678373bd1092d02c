import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PlanChangePreview, SubscriptionState } from "#contract/billing";
import { planChangeText } from "#web/i18n/subscription.ts";
import { formatLongDate, formatPrice } from "#web/lib/format.ts";
import { subscriptionKeys } from "../api/plan-queries.ts";
import { PlanChangeDialog, planChangeCopy } from "./plan-change-dialog.tsx";

const ESSENTIEL = {
  id: "11111111-1111-4111-8111-111111111111",
  code: "basic_monthly",
  name: "Essentiel",
  priceCents: 799,
  currency: "EUR",
  interval: "month" as const,
};
const PREMIUM = {
  ...ESSENTIEL,
  id: "22222222-2222-4222-8222-222222222222",
  code: "premium_monthly",
  name: "Premium",
  priceCents: 1399,
};
const PERIOD_END = "2026-12-25T10:00:00.000Z";

const agreement: NonNullable<SubscriptionState["agreement"]> = {
  provider: "stripe",
  planId: ESSENTIEL.id,
  planName: ESSENTIEL.name,
  cancelAtPeriodEnd: false,
  periodEnd: PERIOD_END,
  canManage: true,
  planChanges: "prorated",
  pendingChange: null,
};
const upgrade: PlanChangePreview = {
  kind: "upgrade",
  effective: "now",
  effectiveAt: null,
  amountNowCents: 412,
  currency: "EUR",
  plan: PREMIUM,
  currentPlan: ESSENTIEL,
  needsApproval: false,
};

describe("what the confirmation of a plan change says (decision 053)", () => {
  it("an upgrade: the amount Stripe charges now, then the new price from the renewal", () => {
    const copy = planChangeCopy(upgrade, agreement);
    expect(copy.title).toBe(planChangeText.upgradeTitle("Premium"));
    expect(copy.text).toContain(formatPrice(412, "EUR"));
    expect(copy.text).toContain(formatLongDate(PERIOD_END));
    expect(copy.text).toContain(`${formatPrice(1399, "EUR")}/mois`);
    expect(copy.text).toContain("droit de rétractation");
  });

  it("an upgrade whose amount Stripe could not preview says it is prorated", () => {
    const copy = planChangeCopy({ ...upgrade, amountNowCents: null }, agreement);
    expect(copy.text).toContain(planChangeText.upgradeProrated(formatLongDate(PERIOD_END)));
  });

  it("a downgrade: the current plan is kept until its date, nothing is charged; PayPal asks its consent", () => {
    const downgrade: PlanChangePreview = {
      ...upgrade,
      kind: "downgrade",
      effective: "renewal",
      effectiveAt: PERIOD_END,
      amountNowCents: null,
      plan: ESSENTIEL,
      currentPlan: PREMIUM,
    };
    const copy = planChangeCopy(downgrade, agreement);
    expect(copy.title).toBe(planChangeText.laterTitle("Essentiel"));
    expect(copy.text).toBe(
      planChangeText.laterText("Premium", formatLongDate(PERIOD_END), "Essentiel", formatPrice(799, "EUR")),
    );
    expect(planChangeCopy({ ...downgrade, needsApproval: true }, agreement).text).toContain(
      planChangeText.approvalText,
    );
  });

  it("keeping the current plan cancels the waiting change", () => {
    const copy = planChangeCopy(
      { ...upgrade, kind: "revert", plan: PREMIUM, currentPlan: PREMIUM },
      {
        ...agreement,
        pendingChange: {
          planId: ESSENTIEL.id,
          planName: "Essentiel",
          effectiveAt: PERIOD_END,
          awaitingApproval: false,
          approveUrl: null,
        },
      },
    );
    expect(copy).toMatchObject({
      title: planChangeText.revertTitle("Premium"),
      text: planChangeText.revertText("Essentiel"),
      confirmLabel: planChangeText.confirmRevert,
    });
  });
});

describe("PlanChangeDialog", () => {
  let client: QueryClient;
  let answerChange: (body: unknown) => void;
  const posted: unknown[] = [];
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    posted.length = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        if (init.method === "GET") return Response.json(upgrade);
        posted.push({ url, body: JSON.parse(String(init.body)) });
        // The server answers when the test says so: the page must wait for it.
        return new Promise<Response>((resolve) => {
          answerChange = (body) => resolve(Response.json(body));
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    client.clear();
  });

  it("states the preview, sends only the plan, and changes nothing on screen until the server has answered", async () => {
    const onClose = vi.fn();
    const before = { state: "active", planName: "Essentiel" };
    client.setQueryData(subscriptionKeys.state("u1"), before);
    render(
      <QueryClientProvider client={client}>
        <PlanChangeDialog planId={PREMIUM.id} agreement={agreement} onClose={onClose} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(document.body.textContent).toContain(planChangeText.upgradeTitle("Premium")));
    expect(document.body.textContent).toContain(formatPrice(412, "EUR"));
    const confirm = await screen.findByRole("button", { name: planChangeText.confirm });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: "/api/subscription/change",
      body: { planId: PREMIUM.id, waiveWithdrawal: true },
    });
    // Waiting for the server: nothing optimistic, the dialog stays, the button is busy.
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(client.getQueryData(subscriptionKeys.state("u1"))).toBe(before);
    expect(onClose).not.toHaveBeenCalled();
    const subscription: SubscriptionState = {
      state: "active",
      planName: "Premium",
      planCode: "premium_monthly",
      endsAt: PERIOD_END,
      daysLeft: 30,
      agreement: { ...agreement, planId: PREMIUM.id, planName: PREMIUM.name },
      renewsAtProvider: true,
      methods: ["card"],
      demo: false,
      demoMethods: [],
      preferredMethod: "card",
      autoRenew: { card: true, paypal: true },
    };
    await act(async () =>
      answerChange({
        kind: "upgrade",
        effective: "now",
        effectiveAt: null,
        chargedCents: 412,
        currency: "EUR",
        approveUrl: null,
        subscription,
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(client.getQueryData(subscriptionKeys.state("u1"))).toEqual(subscription);
  });
});
