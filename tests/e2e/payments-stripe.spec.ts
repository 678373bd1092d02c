import { memberText } from "../../src/web/i18n/member.ts";
import { cancelText, plansText, successText } from "../../src/web/i18n/subscription.ts";
import { expect, firstFilm, test } from "./fixtures.ts";

/**
 * Issue 13's Done-when by card through Stripe's local fake (decision 041), on the e2e server whose
 * card payments go to Stripe (playwright.config.ts): the member pays on the provider's hosted page,
 * the fake delivers its signed webhooks to Bobine and sends the member back, the success page says
 * the payment is verified only once the server has read it from Stripe, the film plays at once,
 * Paramètres shows « Actif » with a receipt, and « Résilier » takes three clicks and keeps access.
 */
const stripeBase = process.env.E2E_STRIPE_BASE_URL;

test.describe("card payments through Stripe", () => {
  test.skip(!process.env.E2E_STRIPE_URL, "Stripe's fake runs under npm run test:e2e (scripts/e2e.mjs)");
  test.use({ baseURL: stripeBase, bypassCSP: true });

  test("a member pays Premium by card on Stripe's page, is verified, plays at once, finds « Actif » and a receipt, and cancels in three clicks keeping access", async ({
    page,
    member,
  }) => {
    test.slow();
    await page.goto("/subscription");
    await expect(page.getByRole("heading", { level: 1, name: plansText.title })).toBeVisible();
    await page.getByText(plansText.methods.card.label, { exact: true }).click();
    // Card is Stripe's here: no « Mode démonstration ».
    await expect(page.getByText(plansText.demoNote)).toHaveCount(0);
    await page.getByRole("checkbox", { name: plansText.waiver }).check();
    const opened = page.waitForEvent("popup");
    await page.getByRole("button", { name: plansText.choose("Premium") }).click();

    // Stripe's hosted page (the fake) in a new tab (spec §7), with the price the server chose; the
    // plans screen says where the payment went.
    const pay = await opened;
    await expect(pay).toHaveURL(new RegExp(`^${process.env.E2E_STRIPE_URL}/pay/cs_test_`));
    await expect(page.getByText(plansText.paymentElsewhere)).toBeVisible();
    await expect(pay.getByText("13.99 EUR")).toBeVisible();
    await pay.getByRole("button", { name: "Payer" }).click();

    await expect(pay).toHaveURL(/\/subscription\/success\?session_id=cs_test_/);
    await expect(pay.getByRole("heading", { level: 1, name: successText.welcome("Premium") })).toBeVisible({
      timeout: 15_000,
    });
    await expect(pay.getByText(successText.activated, { exact: true })).toBeVisible();
    await expect(pay.getByText("13,99\u00a0€/mois")).toBeVisible();
    // The first tab learnt it from the second, without a reload: the member is covered there too.
    await expect(page.getByText(plansText.paymentElsewhere)).toHaveCount(0);
    await pay.close();
    const state = await (await page.request.get("/api/subscription")).json();
    expect(state).toMatchObject({
      state: "active",
      planCode: "premium_monthly",
      agreement: { provider: "stripe", cancelAtPeriodEnd: false },
    });

    // It plays at once.
    await page.goto(`/video/${(await firstFilm(page.request)).id}`);
    const video = page.locator("video");
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0.5);

    // Paramètres: active, with its numbered receipt.
    await page.goto("/settings");
    await expect(page.getByText(memberText.subscription.active)).toBeVisible();
    await expect(page.getByText(/^BOB-\d{4}-\d{6}$/)).toBeVisible();

    // Three clicks: the link, the screen with the end date, the confirmation — Bobine asks Stripe.
    await page.getByRole("link", { name: plansText.cancelLink }).click();
    await expect(page.getByRole("heading", { level: 1, name: cancelText.title })).toBeVisible();
    await page.getByRole("button", { name: cancelText.confirm }).click();
    await expect(page.getByRole("heading", { name: cancelText.doneTitle })).toBeVisible();
    const after = await (await page.request.get("/api/subscription")).json();
    expect(after).toMatchObject({
      state: "active",
      agreement: { provider: "stripe", cancelAtPeriodEnd: true },
    });
    expect(member.username).toBeTruthy();
  });
});
