import { listPlans } from "#contract/auth";
import {
  billingPortal,
  btcpayWebhook,
  cancelSubscription,
  changePlan,
  confirmPayment,
  createCheckout,
  declareWalletPayment,
  demoCheckout,
  demoPay,
  getSubscription,
  listAdminPayments,
  listReceipts,
  paypalWebhook,
  paysafecardNotification,
  previewPlanChange,
  receiptPdf,
  refundPayment,
  rejectPayment,
  replayPaymentEvent,
  resumeSubscription,
  stripeWebhook,
  verifyPayment,
  walletCheckout,
} from "#contract/billing";
import { actorOf } from "../shared/audit.queries.ts";
import type { DomainPlugin } from "../shared/context.ts";
import { router } from "../shared/route.ts";
import * as payments from "./payments.service.ts";
import * as planChanges from "./plan-changes.service.ts";
import { activePlans } from "./plans.service.ts";
import type { ProviderId } from "./provider.ts";
import { adminLedger, memberReceiptPdf, memberReceipts } from "./receipts.service.ts";
import * as wallet from "./wallet.service.ts";

/** Subscriptions and payments (spec §2 Plans screen, Success page; decision 041). */
export const billingRoutes: DomainPlugin = async (app, ctx) => {
  const route = router(app, ctx);
  const providers = payments.openProviders(ctx.db, ctx.config);
  route(listPlans, async () => ({ items: await activePlans(ctx.db) }));
  route(getSubscription, async ({ user }) => payments.subscriptionState(ctx, providers, user.id));
  route(createCheckout, async ({ user, body }) => payments.createCheckout(ctx, providers, user.id, body), {
    status: 201,
  });
  route(verifyPayment, async ({ user, query }) =>
    payments.verifyPayment(ctx, providers, user.id, query.session_id),
  );
  route(demoCheckout, async ({ user, params }) =>
    payments.demoCheckout(ctx, providers, user.id, params.paymentId),
  );
  route(demoPay, async ({ user, params, body }) =>
    payments.demoPay(ctx, providers, user.id, params.paymentId, body ?? {}),
  );
  route(walletCheckout, async ({ user, params }) => wallet.walletCheckout(ctx, user.id, params.paymentId));
  route(declareWalletPayment, async ({ user, params, body }) =>
    wallet.declareWalletPayment(ctx, user.id, params.paymentId, body.reference),
  );
  route(stripeWebhook, async ({ file, request }) =>
    payments.handleWebhook(ctx, providers, "stripe", file, request.headers),
  );
  route(btcpayWebhook, async ({ file, request }) =>
    payments.handleWebhook(ctx, providers, "btcpay", file, request.headers),
  );
  route(paypalWebhook, async ({ file, request }) =>
    payments.handleWebhook(ctx, providers, "paypal", file, request.headers),
  );
  route(paysafecardNotification, async ({ file, request, query }) =>
    payments.handleWebhook(
      ctx,
      providers,
      "paysafecard",
      file,
      request.headers,
      query.payment_id ? { payment_id: query.payment_id } : {},
    ),
  );
  route(billingPortal, async ({ user }) => payments.portalLink(ctx, providers, user.id));
  route(cancelSubscription, async ({ user }) => payments.cancelSubscription(ctx, providers, user.id));
  route(resumeSubscription, async ({ user }) => payments.resumeSubscription(ctx, providers, user.id));
  route(previewPlanChange, async ({ user, query }) =>
    planChanges.previewPlanChange(ctx, providers, user.id, query.planId),
  );
  route(changePlan, async ({ user, body }) => planChanges.changePlan(ctx, providers, user.id, body));
  route(listReceipts, async ({ user }) => ({ items: await memberReceipts(ctx.db, user.id) }));
  route(receiptPdf, async ({ user, params, reply }) => {
    const { number, pdf } = await memberReceiptPdf(ctx.db, ctx.config, user.id, params.receiptId);
    return reply
      .type("application/pdf")
      .header("content-disposition", `attachment; filename="recu-${number}.pdf"`)
      .header("cache-control", "private, no-store")
      .send(pdf);
  });
  route(listAdminPayments, async () =>
    adminLedger(ctx.db, (provider) => providers.byId.get(provider as ProviderId)?.refundsByHand === true),
  );
  route(refundPayment, async ({ user, params }) =>
    payments.refundPayment(ctx, providers, actorOf(user), params.paymentId),
  );
  route(confirmPayment, async ({ user, params, body }) =>
    wallet.confirmWalletPayment(ctx, providers, actorOf(user), params.paymentId, body.reference),
  );
  route(rejectPayment, async ({ user, params }) =>
    wallet.rejectWalletPayment(ctx, actorOf(user), params.paymentId),
  );
  route(replayPaymentEvent, async ({ params }) => payments.replayWebhook(ctx, providers, params.eventId));
};
