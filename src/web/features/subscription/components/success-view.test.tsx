import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { successText } from "#web/i18n/subscription.ts";
import { MAX_CHECKS, SuccessView } from "./success-view.tsx";

const PLAN = {
  id: "22222222-2222-4222-8222-222222222222",
  code: "premium_monthly",
  name: "Premium",
  priceCents: 1399,
  currency: "EUR",
  interval: "month",
};

let answer: { status: string };
let calls = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "setInterval", "clearTimeout", "clearInterval", "Date"] });
  calls = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      calls += 1;
      return new Response(
        JSON.stringify({ ...answer, plan: PLAN, method: "card", provider: "demo", payUrl: null }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SuccessView sessionId="cs_test_1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("the payment success page (spec §2)", () => {
  it("stops checking a payment still pending after its checks, says so, and checks again on demand", async () => {
    answer = { status: "pending" };
    show();
    await wait(0);
    expect(screen.getByText(successText.verifying)).toBeTruthy();
    for (let i = 0; i < MAX_CHECKS + 2; i += 1) await wait(3000);
    expect(screen.getByRole("heading", { level: 1, name: successText.waitingTitle })).toBeTruthy();
    const made = calls;
    expect(made).toBeGreaterThanOrEqual(MAX_CHECKS);
    await wait(30_000);
    expect(calls).toBe(made);
    answer = { status: "paid" };
    fireEvent.click(screen.getByRole("button", { name: successText.checkAgain }));
    await wait(0);
    await wait(0);
    expect(screen.getByRole("heading", { level: 1, name: successText.welcome("Premium") })).toBeTruthy();
  });

  it("a payment refunded because the member already had this access says so, not « Erreur de paiement »", async () => {
    answer = { status: "refunded" };
    show();
    await wait(0);
    await wait(0);
    expect(screen.getByRole("heading", { level: 1, name: successText.duplicateTitle })).toBeTruthy();
    expect(document.body.textContent).toContain(successText.duplicateText);
  });
});
