import { billingMessages, DEMO_CARDS } from "../../src/contract/billing.ts";
import { adminPaymentsText, adminText } from "../../src/web/i18n/admin.ts";
import { memberText } from "../../src/web/i18n/member.ts";
import { playerText } from "../../src/web/i18n/player.ts";
import {
  cancelText,
  demoText,
  plansText,
  prepaidText,
  receiptsText,
  successText,
  walletText,
} from "../../src/web/i18n/subscription.ts";
import { seriousA11yViolations } from "./axe.ts";
import { E2E_WALLET, FIXTURE_ADMIN } from "./fixture-accounts.ts";
import { expect, firstFilm, signIn, test } from "./fixtures.ts";

/**
 * Buying a plan in Chromium with the demo provider that `npm start` uses with no setup
 * (docs/decisions/042-demo-provider.md): the success page says the payment is verified only once
 * the server has, Paramètres shows the plan active and its receipt, and « Résilier votre
 * abonnement » takes three clicks and keeps access to the end of the period; the administrator finds
 * the payment in « Paiements » and refunds it after a confirmation, which ends the access.
 */
test.describe("payments", () => {
  test.use({ bypassCSP: true });

  test("a member buys Premium, sees it verified and active with a receipt, cancels in three clicks and keeps access; an administrator refunds it and the member meets the paywall again", async ({
    page,
    member,
    browser,
  }) => {
    await page.goto("/subscription");
    await expect(page.getByRole("heading", { level: 1, name: plansText.title })).toBeVisible();
    await expect(page.getByText(plansText.demoNote)).toBeVisible();
    // The waiver of the withdrawal right comes first.
    await page.getByRole("button", { name: plansText.choose("Premium") }).click();
    await expect(page.getByText(plansText.waiverMissing)).toBeVisible();
    await page.getByRole("checkbox", { name: plansText.waiver }).check();
    await page.getByRole("button", { name: plansText.choose("Premium") }).click();

    // The demo checkout page, clearly marked.
    await expect(page).toHaveURL(/\/payment\/demo\//);
    await expect(page.getByText(demoText.badge)).toBeVisible();
    // The order summary states the price (the pay button repeats it).
    await expect(page.getByText("13,99 €/mois")).toBeVisible();
    await page.getByLabel(demoText.cardNumber).fill(DEMO_CARDS.declined);
    await page.getByRole("button", { name: /^Payer/ }).click();
    await expect(page.getByText(demoText.declinedText)).toBeVisible();
    // The success page's first verification is held until its waiting text has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/payments/verify**", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel(demoText.cardNumber).fill(DEMO_CARDS.approved);
    await page.getByRole("button", { name: /^Payer/ }).click();

    // Verified by the server, then the spec's success details.
    await expect(page).toHaveURL(/\/subscription\/success\?session_id=/);
    await expect(page.getByText(successText.verifying)).toBeVisible();
    await expect(page.getByText(successText.activated, { exact: true })).toHaveCount(0);
    release();
    await expect(page.getByRole("heading", { level: 1, name: successText.welcome("Premium") })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(successText.activated, { exact: true })).toBeVisible();
    await expect(page.getByText("13,99\u00a0€/mois")).toBeVisible();

    // Paramètres: active, with its numbered receipt.
    await page.goto("/settings");
    await expect(page.getByText(memberText.subscription.active)).toBeVisible();
    await expect(page.getByRole("heading", { name: receiptsText.title })).toBeVisible();
    await expect(page.getByText(/^BOB-\d{4}-\d{6}$/)).toBeVisible();

    // Three clicks: the link, the screen with the end date, the confirmation.
    await page.getByRole("link", { name: plansText.cancelLink }).click();
    await expect(page.getByRole("heading", { level: 1, name: cancelText.title })).toBeVisible();
    await expect(page.getByText(/Vous gardez l'accès à tout le catalogue jusqu'au/)).toBeVisible();
    await page.getByRole("button", { name: cancelText.confirm }).click();
    await expect(page.getByRole("heading", { name: cancelText.doneTitle })).toBeVisible();

    // Access is kept until the end of the period.
    const state = await (await page.request.get("/api/subscription")).json();
    expect(state).toMatchObject({ state: "active", agreement: { cancelAtPeriodEnd: true } });
    expect(member.email).toContain("@");

    // The administrator's ledger names the member; a refund asks first, then ends the access.
    const adminContext = await browser.newContext();
    await signIn(adminContext.request, FIXTURE_ADMIN);
    const admin = await adminContext.newPage();
    await admin.goto("/admin");
    await admin.getByRole("tab", { name: adminText.tabs.payments }).click();
    await expect(admin.getByRole("heading", { name: adminPaymentsText.heading })).toBeVisible();
    const refund = admin.getByRole("button", {
      name: new RegExp(`^${adminPaymentsText.refundLabel(member.username, "13,99.€")}$`),
    });
    await refund.click();
    const confirm = admin.getByRole("alertdialog");
    await expect(confirm).toContainText(adminPaymentsText.confirmRefundText);
    await confirm.getByRole("button", { name: adminPaymentsText.refund }).click();
    await expect(admin.getByText(adminPaymentsText.refunded).first()).toBeVisible();
    await expect(refund).toHaveCount(0);
    expect((await (await page.request.get("/api/subscription")).json()).state).not.toBe("active");
    await adminContext.close();

    // Access over: the member meets the paywall again, and the bell says why.
    await page.goto(`/video/${(await firstFilm(page.request)).id}`);
    await expect(page.getByRole("heading", { name: playerText.paywallTitle })).toBeVisible();
    const notes = await (await page.request.get("/api/notifications")).json();
    expect(notes.items.map((n: { title: string }) => n.title)).toContain(billingMessages.refundedTitle);
  });

  test("a subscriber whose access does not renew is told on « Résilier » that nothing is charged and when it ends, not that they have no subscription", async ({
    page,
    subscriber,
  }) => {
    expect(subscriber.username).toBeTruthy();
    const state = await (await page.request.get("/api/subscription")).json();
    expect(state).toMatchObject({ state: "active", agreement: null });
    await page.goto("/subscription/cancel");
    await expect(page.getByRole("heading", { level: 1, name: cancelText.title })).toBeVisible();
    await expect(
      page.getByText(new RegExp(`^Votre accès ${state.planName} ne se renouvelle pas`)),
    ).toBeVisible();
    await expect(page.getByText(cancelText.nothing, { exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: cancelText.seeSubscription }).click();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test("a member sends crypto to the operator's wallet and declares the transaction; an administrator confirms it and the member is active", async ({
    page,
    context,
    member,
    browser,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const reference = `0x${"7e2e".repeat(16)}`;
    await page.goto("/subscription");
    await page.getByText(plansText.methods.crypto.label, { exact: true }).click();
    await page.getByRole("checkbox", { name: plansText.waiver }).check();
    await page.getByRole("button", { name: plansText.choose("Premium") }).click();

    // Bobine's own page: the order, the network and the wallet's address, copied in one click.
    await expect(page).toHaveURL(/\/payment\/crypto\?payment_id=/);
    await expect(page.getByRole("heading", { level: 1, name: walletText.title })).toBeVisible();
    await expect(page.getByText(E2E_WALLET)).toBeVisible();
    await expect(page.getByText("13,99\u00a0€/mois")).toBeVisible();
    await page.getByRole("button", { name: walletText.copy }).click();
    await expect(page.getByText(walletText.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(E2E_WALLET);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A malformed reference is refused in French; the right one waits for an administrator.
    await page.getByLabel(walletText.reference).fill("pas une référence");
    await page.getByRole("button", { name: walletText.declare }).click();
    await expect(page.getByText(billingMessages.walletReferenceInvalid)).toBeVisible();
    await page.getByLabel(walletText.reference).fill(reference);
    await page.getByRole("button", { name: walletText.declare }).click();
    await expect(page.getByRole("heading", { name: walletText.waitingTitle })).toBeVisible();
    // Kept in one spelling (a hexadecimal hash: lower case, no « 0x »): one transaction, one payment.
    const kept = reference.slice(2);
    await expect(page.getByText(kept)).toBeVisible();
    expect((await (await page.request.get("/api/subscription")).json()).state).toBe("none");

    // The administrator finds it to confirm, with the member's reference already filled in.
    const adminContext = await browser.newContext();
    await signIn(adminContext.request, FIXTURE_ADMIN);
    const admin = await adminContext.newPage();
    await admin.goto("/admin");
    await admin.getByRole("tab", { name: adminText.tabs.payments }).click();
    await expect(admin.getByRole("heading", { name: adminPaymentsText.toConfirmHeading })).toBeVisible();
    await admin
      .getByRole("button", {
        name: new RegExp(`^${adminPaymentsText.confirmLabel(member.username, "13,99.€")}$`),
      })
      .click();
    const dialog = admin.getByRole("alertdialog");
    await expect(dialog.getByLabel(adminPaymentsText.referenceLabel)).toHaveValue(kept);
    await dialog.getByRole("button", { name: adminPaymentsText.confirm }).click();
    await expect(admin.getByText(adminPaymentsText.confirmed).first()).toBeVisible();
    await expect(admin.getByRole("heading", { name: adminPaymentsText.toConfirmHeading })).toHaveCount(0);
    await adminContext.close();

    // The member's page says so, and the plan is active.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: walletText.paidTitle })).toBeVisible();
    expect((await (await page.request.get("/api/subscription")).json()).state).toBe("active");
  });

  test("a member pays Premium through PayPal's approval page (the local fake), comes back active, and cancels in three clicks keeping access", async ({
    page,
    member,
  }) => {
    test.skip(!process.env.E2E_PAYPAL_URL, "PayPal's fake runs under npm run test:e2e (scripts/e2e.mjs)");
    await page.goto("/subscription");
    await page.getByText(plansText.methods.paypal.label, { exact: true }).click();
    await page.getByRole("checkbox", { name: plansText.waiver }).check();
    const opened = page.waitForEvent("popup");
    await page.getByRole("button", { name: plansText.choose("Premium") }).click();

    // PayPal's page (the fake) in a new tab (spec §7), then back to Bobine there with the
    // subscription's id.
    const pay = await opened;
    await expect(pay).toHaveURL(new RegExp(`^${process.env.E2E_PAYPAL_URL}/approve/I-`));
    await pay.getByRole("button", { name: "Approuver" }).click();
    await expect(pay).toHaveURL(/\/subscription\/success\?subscription_id=I-/);
    await expect(pay.getByRole("heading", { level: 1, name: successText.welcome("Premium") })).toBeVisible({
      timeout: 15_000,
    });
    await expect(pay.getByText(successText.activated, { exact: true })).toBeVisible();
    await pay.close();
    const state = await (await page.request.get("/api/subscription")).json();
    expect(state).toMatchObject({
      state: "active",
      planCode: "premium_monthly",
      agreement: { provider: "paypal" },
    });

    // Cancelled in three clicks, through PayPal: access kept to the end of the paid month.
    await page.goto("/settings");
    await page.getByRole("link", { name: plansText.cancelLink }).click();
    await expect(page.getByRole("heading", { level: 1, name: cancelText.title })).toBeVisible();
    await page.getByRole("button", { name: cancelText.confirm }).click();
    await expect(page.getByRole("heading", { name: cancelText.doneTitle })).toBeVisible();
    expect(await (await page.request.get("/api/subscription")).json()).toMatchObject({
      state: "active",
      agreement: { provider: "paypal", cancelAtPeriodEnd: true },
    });
    expect(member.username).toBeTruthy();
  });

  test("a member pays Premium with a prepaid card: the PIN is typed on paysafecard's panel (the local fake), never on Bobine's page, and the member ends active", async ({
    page,
    member,
  }) => {
    test.skip(
      !process.env.E2E_PAYSAFECARD_URL,
      "paysafecard's fake runs under npm run test:e2e (scripts/e2e.mjs)",
    );
    await page.goto("/subscription");
    await page.getByText(plansText.methods.paysafecard.label, { exact: true }).click();
    await page.getByRole("checkbox", { name: plansText.waiver }).check();
    await page.getByRole("button", { name: plansText.choose("Premium") }).click();

    // Bobine's page: the order summary, no PIN field, the panel opened in a new tab.
    await expect(page).toHaveURL(/\/payment\/paysafecard\?/);
    await expect(page.getByRole("heading", { level: 1, name: prepaidText.title })).toBeVisible();
    await expect(page.getByText("13,99\u00a0€")).toBeVisible();
    await expect(page.getByText(prepaidText.pinElsewhere)).toBeVisible();
    await expect(page.locator("main input")).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [panel] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("link", { name: prepaidText.open }).click(),
    ]);
    await expect(panel).toHaveURL(new RegExp(`^${process.env.E2E_PAYSAFECARD_URL}/panel/`));
    await panel.getByLabel("Code PIN").fill("0000111122223333");
    await panel.getByRole("button", { name: "Payer" }).click();
    await panel.close();

    // paysafecard told Bobine, which re-read, captured and granted one prepaid month.
    await expect(page.getByText(prepaidText.paid)).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(async () => (await (await page.request.get("/api/subscription")).json()).state)
      .toBe("active");
    expect(member.username).toBeTruthy();
  });
});
