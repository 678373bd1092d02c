import { type PaymentProvider, ProviderUnsupported } from "./provider.ts";

/**
 * The crypto fallback when no BTCPay Server is configured (decision 051): the member sends the
 * plan's amount to the operator's wallet (CRYPTO_WALLET_ADDRESS), declares the transaction on
 * Bobine's own page, and an administrator confirms it. Nothing here talks to a chain: there is no
 * provider to ask, so a payment is only ever settled by an administrator's confirmation.
 */
export function walletProvider(): PaymentProvider {
  const unsupported = () => {
    throw new ProviderUnsupported("the wallet has no provider to ask");
  };
  return {
    id: "crypto",
    async createCheckout(req) {
      // The reference is the transaction, known once the member has sent it.
      return { ref: null, url: `/payment/crypto?payment_id=${req.paymentId}` };
    },
    async parseWebhook() {
      return unsupported();
    },
    readEvent: unsupported,
    async fetchCheckout(ref) {
      // Only an administrator settles it: as far as anyone can ask, it is still pending.
      return {
        ref,
        status: "pending",
        amountCents: null,
        currency: null,
        periodRef: null,
        subscriptionRef: null,
        periodEnd: null,
        metadata: {},
      };
    },
    fetchAgreement: async () => unsupported(),
    fetchInvoice: async () => unsupported(),
    setCancelAtPeriodEnd: async () => unsupported(),
    portalLink: async () => null,
    // The administrator sends the funds back from the wallet; Bobine ends the access it paid for.
    refundsByHand: true,
    refund: async () => unsupported(),
  };
}
