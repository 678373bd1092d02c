import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { text, tokenText } from "./text.ts";

/**
 * Subscriptions and payments (decision 041; docs/decisions/041–044). The browser never grants
 * anything: it names a plan and a method, the server reads the price, the plan and the member
 * itself, the provider takes the money, and access follows the provider's state as the server
 * re-reads it.
 */

/** spec §9 payment methods: card (Stripe), paypal, paysafecard (prepaid), crypto (BTCPay). */
export const checkoutMethods = ["card", "paypal", "paysafecard", "crypto"] as const;
export type CheckoutMethod = (typeof checkoutMethods)[number];

/** The demo provider's test cards (docs/decisions/042-demo-provider.md). */
export const DEMO_CARDS = {
  approved: "4242424242424242",
  declined: "4000000000000002",
  confirm: "4000002500003155",
} as const;

export const billingMessages = {
  planInactive: "Cette formule n'est plus proposée.",
  planUnknown: "Formule introuvable.",
  methodUnavailable: "Ce moyen de paiement n'est pas disponible pour le moment.",
  waiverRequired:
    "Veuillez accepter que l'accès commence immédiatement et renoncer à votre droit de rétractation.",
  paymentUnknown: "Paiement introuvable.",
  receiptUnknown: "Reçu introuvable.",
  paymentClosed: "Ce paiement est déjà terminé.",
  cardDeclined: "Paiement refusé par votre banque. Essayez une autre carte.",
  cardInvalid: "Numéro de carte invalide.",
  nothingToCancel: "Aucun abonnement à résilier.",
  nothingToResume: "Aucune résiliation à annuler.",
  providerFailed: "Le prestataire de paiement ne répond pas. Réessayez dans quelques instants.",
  badSignature: "Signature du webhook invalide.",
  eventUnknown: "Webhook introuvable.",
  providerNotConfigured:
    "Ce prestataire n'est pas configuré sur ce serveur : le webhook ne peut pas être rejoué.",
  alreadyLifetime: "Vous avez déjà l'accès à vie.",
  subscriptionRunning: (plan: string) =>
    `Votre abonnement ${plan} se renouvelle déjà chaque mois. Pour changer de formule mensuelle, résiliez-le d'abord (vous gardez l'accès jusqu'à son échéance), puis choisissez la nouvelle.`,
  subscriptionRunningChange: (plan: string) =>
    `Votre abonnement ${plan} se renouvelle déjà chaque mois\u00a0: pour passer à une autre formule mensuelle, utilisez «\u00a0Changer de formule\u00a0».`,
  /** Changing a monthly plan (docs/decisions/053-plan-changes.md). */
  changeMonthlyOnly:
    "Seules les formules mensuelles se changent ainsi\u00a0; l'accès à vie s'achète depuis la liste des formules.",
  lifetimeNoChange: "Vous avez l'accès à vie\u00a0: il n'y a pas de formule à changer.",
  nothingToChange:
    "Vous n'avez pas d'abonnement mensuel en cours\u00a0: choisissez une formule pour vous abonner.",
  changeAfterCancel: "Votre abonnement est résilié\u00a0: reprenez-le avant de changer de formule.",
  changeUnsupported:
    "Ce moyen de paiement ne permet pas de changer de formule\u00a0: résiliez votre abonnement, puis choisissez la nouvelle formule à son échéance.",
  samePlan: "C'est déjà votre formule.",
  changeWaiting: (plan: string) =>
    `Un passage à ${plan} est déjà prévu. Pour l'annuler, choisissez votre formule actuelle.`,
  changeInProgress: "Un changement de formule est déjà en cours. Réessayez dans un instant.",
  changeDeclined: "Votre banque a refusé le paiement de la différence\u00a0: votre formule n'a pas changé.",
  changeLocked:
    "Vous avez déjà accepté ce changement chez PayPal\u00a0: il ne peut plus être annulé depuis Bobine.",
  receiptPlanChange: (plan: string) => `${plan} (changement de formule, au prorata)`,
  notRefundable: "Seul un paiement reçu peut être remboursé.",
  reminderTitle: "Votre abonnement se termine bientôt",
  reminderMessage: (plan: string, date: string) =>
    `Votre abonnement ${plan} se termine le ${date}. Renouvelez-le pour continuer à regarder.`,
  noSubscription: "Vous n'avez pas d'abonnement en cours\u00a0: il n'y a pas de moyen de paiement à gérer.",
  portalUnavailable: "Ce moyen de paiement se gère directement chez le prestataire.",
  resumeUnsupported:
    "Ce moyen de paiement ne permet pas de reprendre un abonnement résilié : souscrivez de nouveau à la fin de la période.",
  /** The crypto fallback confirmed by an administrator (decision 051). */
  walletReferenceRequired: "Veuillez saisir la référence de la transaction.",
  walletReferenceInvalid:
    "Référence de transaction invalide\u00a0: 8 à 128 lettres, chiffres, deux-points ou tirets, sans espace.",
  walletReferenceTaken: "Cette transaction est déjà rattachée à un autre paiement.",
  notAwaitingConfirmation: "Ce paiement n'attend pas de confirmation.",
  walletDeclaredTitle: "Paiement en crypto à confirmer",
  walletDeclaredMessage: (member: string, plan: string, amount: string) =>
    `${member} a déclaré un paiement de ${amount} pour ${plan}. Vérifiez la transaction dans Administration → Paiements.`,
  walletConfirmedTitle: "Paiement confirmé",
  walletConfirmedMessage: (plan: string) =>
    `Votre paiement en crypto est confirmé\u00a0: ${plan} est actif. Bon visionnage\u00a0!`,
  refundedTitle: "Paiement remboursé",
  refundedMessage: (plan: string, amount: string) =>
    `Votre paiement de ${amount} pour ${plan} vous a été remboursé\u00a0: l'accès qu'il payait a pris fin. Vous pouvez choisir une formule à tout moment.`,
  duplicateRefundedMessage: (plan: string, amount: string) =>
    `Vous aviez déjà cet accès\u00a0: votre paiement de ${amount} pour ${plan} vous a été remboursé et votre abonnement en cours ne change pas.`,
  walletDuplicateMessage: (plan: string) =>
    `Votre paiement en crypto pour ${plan} est bien arrivé, mais vous aviez déjà cet accès\u00a0: il vous sera remboursé.`,
  walletRejectedTitle: "Paiement non confirmé",
  walletRejectedMessage: (plan: string) =>
    `Votre paiement en crypto pour ${plan} n'a pas pu être confirmé. Contactez le support si vous avez bien envoyé les fonds.`,
} as const;

/** A transaction's reference on a blockchain (a hash, with or without 0x): what confirms it. */
export const walletReference = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? billingMessages.walletReferenceRequired
        : billingMessages.walletReferenceInvalid,
  })
  .trim()
  .min(1, billingMessages.walletReferenceRequired)
  .regex(/^[A-Za-z0-9:_-]{8,128}$/, billingMessages.walletReferenceInvalid)
  // A hexadecimal hash is one transaction whatever its case and its « 0x »: kept in one spelling, so
  // the same transaction cannot pay two payments (other alphabets, base58, keep their case).
  .transform((ref) => (/^(0x)?[0-9a-f]+$/i.test(ref) ? ref.toLowerCase().replace(/^0x/, "") : ref));

const plan = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  interval: z.enum(["month", "lifetime", "other"]),
});

/** spec §4 display states, computed by the server in Paris time. */
export const subscriptionStateSchema = z.object({
  state: z.enum(["none", "active", "expiring", "expired"]),
  planName: z.string().nullable(),
  planCode: z.string().nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  daysLeft: z.number().int().nullable(),
  /** The recurring agreement with a provider, when there is one still running. */
  agreement: z
    .object({
      provider: z.string(),
      /** The plan the agreement bills now (a scheduled change takes over at the renewal). */
      planId: z.uuid(),
      /** Its name (not always `planName`, the plan of today's access: a gift may run before it). */
      planName: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      periodEnd: z.iso.datetime({ offset: true }).nullable(),
      canManage: z.boolean(),
      /**
       * How its provider changes plans (decision 053): `prorated` — a dearer one at once, the
       * difference charged now, a cheaper one at the renewal; `renewal` — every change at the
       * renewal after the member's consent at the provider; null — it cannot (cancel first).
       */
      planChanges: z.enum(["prorated", "renewal"]).nullable(),
      /** A change waiting for the renewal (or for the member's consent at the provider). */
      pendingChange: z
        .object({
          planId: z.uuid(),
          planName: z.string(),
          effectiveAt: z.iso.datetime({ offset: true }).nullable(),
          awaitingApproval: z.boolean(),
          /** Where the member agrees to it at the provider, while they have not. */
          approveUrl: z.url({ protocol: /^https?$/ }).nullable(),
        })
        .nullable(),
    })
    .nullable(),
  /**
   * A subscription at a provider is still on record as renewing, even one past its period (its
   * renewal not confirmed yet) that `agreement` leaves out: the provider may still charge it.
   */
  renewsAtProvider: z.boolean(),
  /** The methods that can take a payment now, and whether the demo provider stands in for them. */
  methods: z.array(z.enum(checkoutMethods)),
  demo: z.boolean(),
  /** The methods whose payments the demo provider takes (« Mode démonstration » is said for those only). */
  demoMethods: z.array(z.enum(checkoutMethods)),
  /** The member's billing preferences (spec §9, « Paramètres »): the plans screen starts on this method. */
  preferredMethod: z.enum(["card", "paypal", "paysafecard"]),
  /** Whether a monthly subscription by card or by PayPal renews by itself (decision 066). */
  autoRenew: z.object({ card: z.boolean(), paypal: z.boolean() }),
});
export type SubscriptionState = z.output<typeof subscriptionStateSchema>;

export const getSubscription = endpoint({
  method: "GET",
  path: "/api/subscription",
  summary: "État de l'abonnement du membre (calculé par le serveur, heure de Paris)",
  tags: ["abonnements"],
  access: "member",
  response: subscriptionStateSchema,
});

export const createCheckout = endpoint({
  method: "POST",
  path: "/api/payments/checkout",
  summary: "Crée un paiement chez le prestataire pour une formule (prix et formule lus par le serveur)",
  tags: ["abonnements"],
  access: "member",
  body: z.strictObject({
    planId: z.uuid(),
    method: z.enum(checkoutMethods),
    /** The member agreed that access starts at once and waived the 14-day withdrawal right. */
    waiveWithdrawal: z.boolean(),
  }),
  response: z.object({
    paymentId: z.uuid(),
    /** spec §7 create-subscription: where the member pays. */
    paymentUrl: z.string(),
    planName: z.string(),
  }),
});

/**
 * What changing to a plan would do (decision 053), for the confirmation: `upgrade` at once with the
 * provider's proration (`amountNowCents`, as the provider previews it, null when it cannot say),
 * `downgrade` at the renewal (`effectiveAt`), `revert` — the member's current plan, cancelling a
 * change that waits.
 */
export const planChangePreviewSchema = z.object({
  kind: z.enum(["upgrade", "downgrade", "revert"]),
  effective: z.enum(["now", "renewal"]),
  effectiveAt: z.iso.datetime({ offset: true }).nullable(),
  amountNowCents: z.number().int().nullable(),
  currency: z.string(),
  plan: plan,
  currentPlan: plan,
  /** The member will be asked to agree at the provider (PayPal). */
  needsApproval: z.boolean(),
});
export type PlanChangePreview = z.output<typeof planChangePreviewSchema>;

export const previewPlanChange = endpoint({
  method: "GET",
  path: "/api/subscription/change",
  summary:
    "Ce que changerait le passage à une autre formule mensuelle (montant prélevé aussitôt selon le prestataire, ou date d'effet)",
  tags: ["abonnements"],
  access: "member",
  query: z.object({ planId: z.uuid() }),
  response: planChangePreviewSchema,
});

export const changePlan = endpoint({
  method: "POST",
  path: "/api/subscription/change",
  summary:
    "Change de formule mensuelle : plus chère, aussitôt avec le prorata du prestataire ; moins chère, à l'échéance (formule et prix lus par le serveur)",
  tags: ["abonnements"],
  access: "member",
  body: z.strictObject({
    planId: z.uuid(),
    /** An upgrade starts at once: the member waives the withdrawal right for the difference. */
    waiveWithdrawal: z.boolean().optional(),
  }),
  response: z.object({
    kind: z.enum(["upgrade", "downgrade", "revert"]),
    effective: z.enum(["now", "renewal"]),
    effectiveAt: z.iso.datetime({ offset: true }).nullable(),
    /** What the provider charged at once (an upgrade), in cents. */
    chargedCents: z.number().int().nullable(),
    currency: z.string(),
    /** Where the member agrees to the change at the provider (PayPal), in a new tab. */
    approveUrl: z.url({ protocol: /^https?$/ }).nullable(),
    subscription: subscriptionStateSchema,
  }),
});

export const paymentStatusSchema = z.object({
  status: z.enum(["pending", "paid", "failed", "refunded"]),
  plan: plan,
  method: z.string().nullable(),
  provider: z.string(),
  /** While pending: where the member pays (paysafecard's panel), read from the provider. */
  payUrl: z.url({ protocol: /^https?$/ }).nullable(),
});

export const verifyPayment = endpoint({
  method: "GET",
  path: "/api/payments/verify",
  summary: "Vérifie un paiement auprès du prestataire (page de succès)",
  tags: ["abonnements"],
  access: "member",
  query: z.object({ session_id: tokenText({ max: 200, invalid: billingMessages.paymentUnknown }) }),
  response: paymentStatusSchema,
});

export const demoCheckout = endpoint({
  method: "GET",
  path: "/api/payments/demo/:paymentId",
  summary: "Page de paiement de démonstration : la commande",
  tags: ["abonnements"],
  access: "member",
  params: z.object({ paymentId: z.uuid() }),
  response: z.object({
    paymentId: z.uuid(),
    sessionId: z.string(),
    plan: plan,
    state: z.enum(["open", "requires_action", "paid", "declined"]),
  }),
});

export const demoPay = endpoint({
  method: "POST",
  path: "/api/payments/demo/:paymentId/pay",
  summary: "Page de paiement de démonstration : payer avec une carte de test",
  tags: ["abonnements"],
  access: "member",
  params: z.object({ paymentId: z.uuid() }),
  body: z
    .strictObject({
      cardNumber: text({ max: 32 })
        .regex(/^[0-9 ]*$/, billingMessages.cardInvalid)
        .optional(),
      /** The member confirmed the payment (the card that needs a confirmation). */
      confirm: z.boolean().optional(),
    })
    .nullish(),
  response: z.object({
    state: z.enum(["open", "requires_action", "paid", "declined"]),
    /** Where the member goes next (the success page once paid). */
    next: z.string().nullable(),
  }),
});

/** The crypto fallback's page (decision 051): where to send what, and where the payment stands. */
export const walletPaymentSchema = z.object({
  paymentId: z.uuid(),
  plan: plan,
  /** The operator's wallet address and the network it is on (CRYPTO_WALLET_*). */
  address: z.string(),
  network: z.string(),
  /** The transaction the member declared, once declared. */
  reference: z.string().nullable(),
  /** pending: waiting for the member's declaration, then for an administrator's confirmation. */
  status: z.enum(["pending", "paid", "failed", "refunded"]),
});
export type WalletPayment = z.output<typeof walletPaymentSchema>;

export const walletCheckout = endpoint({
  method: "GET",
  path: "/api/payments/crypto/:paymentId",
  summary: "Paiement en crypto sans BTCPay : l'adresse du portefeuille, le montant et l'état du paiement",
  tags: ["abonnements"],
  access: "member",
  params: z.object({ paymentId: z.uuid() }),
  response: walletPaymentSchema,
});

export const declareWalletPayment = endpoint({
  method: "POST",
  path: "/api/payments/crypto/:paymentId/declare",
  summary:
    "Le membre déclare la transaction envoyée ; un administrateur la confirme avant que l'accès commence",
  tags: ["abonnements"],
  access: "member",
  params: z.object({ paymentId: z.uuid() }),
  body: z.strictObject({ reference: walletReference }),
  response: walletPaymentSchema,
});

export const stripeWebhook = endpoint({
  method: "POST",
  path: "/api/payments/webhooks/stripe",
  summary: "Webhook Stripe (signature Stripe-Signature vérifiée sur le corps brut)",
  tags: ["abonnements"],
  access: "public",
  uploads: { types: ["application/json"], maxBytes: 256 * 1024 },
  response: z.object({ received: z.boolean() }),
});

export const paypalWebhook = endpoint({
  method: "POST",
  path: "/api/payments/webhooks/paypal",
  summary: "Webhook PayPal (signature vérifiée par l'appel verify-webhook-signature de PayPal)",
  tags: ["abonnements"],
  access: "public",
  uploads: { types: ["application/json"], maxBytes: 256 * 1024 },
  response: z.object({ received: z.boolean() }),
});

export const btcpayWebhook = endpoint({
  method: "POST",
  path: "/api/payments/webhooks/btcpay",
  summary: "Webhook BTCPay Server (signature BTCPay-Sig vérifiée sur le corps brut)",
  tags: ["abonnements"],
  access: "public",
  uploads: { types: ["application/json"], maxBytes: 64 * 1024 },
  response: z.object({ received: z.boolean() }),
});

export const paysafecardNotification = endpoint({
  method: "POST",
  path: "/api/payments/webhooks/paysafecard",
  summary: "Notification paysafecard (non signée : le paiement est relu chez paysafecard avant toute action)",
  tags: ["abonnements"],
  access: "public",
  query: z.object({
    payment_id: tokenText({ max: 100, invalid: billingMessages.paymentUnknown }).optional(),
  }),
  uploads: { types: ["application/json"], maxBytes: 64 * 1024 },
  response: z.object({ received: z.boolean() }),
});

export const billingPortal = endpoint({
  method: "POST",
  path: "/api/subscription/portal",
  summary: "« Gérer mon moyen de paiement » : un lien vers l'espace client du prestataire",
  tags: ["abonnements"],
  access: "member",
  response: z.object({ url: z.url({ protocol: /^https?$/ }) }),
});

export const cancelSubscription = endpoint({
  method: "POST",
  path: "/api/subscription/cancel",
  summary: "Résilie l'abonnement : fin à l'échéance payée, accusé de réception par e-mail",
  tags: ["abonnements"],
  access: "member",
  response: subscriptionStateSchema,
});

export const resumeSubscription = endpoint({
  method: "POST",
  path: "/api/subscription/resume",
  summary: "Annule la résiliation avant l'échéance",
  tags: ["abonnements"],
  access: "member",
  response: subscriptionStateSchema,
});

export const receiptSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  planName: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  periodStart: z.iso.datetime({ offset: true }),
  periodEnd: z.iso.datetime({ offset: true }).nullable(),
  issuedAt: z.iso.datetime({ offset: true }),
  /** Its payment was refunded since (the receipt stays, marked). */
  refunded: z.boolean(),
});
export type Receipt = z.output<typeof receiptSchema>;

export const listReceipts = endpoint({
  method: "GET",
  path: "/api/payments/receipts",
  summary: "Reçus du membre, du plus récent au plus ancien",
  tags: ["abonnements"],
  access: "member",
  response: z.object({ items: z.array(receiptSchema) }),
});

export const receiptPdf = endpoint({
  method: "GET",
  path: "/api/payments/receipts/:receiptId/pdf",
  summary: "Un reçu du membre, en PDF",
  tags: ["abonnements"],
  access: "member",
  params: z.object({ receiptId: z.uuid() }),
  produces: "pdf",
  response: z.string(),
});

const adminPayment = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  /** The member's name; null once the account is deleted. */
  username: z.string().nullable(),
  planName: z.string(),
  provider: z.string(),
  providerRef: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Refunded by the administrator at the provider or from the wallet; Bobine ends the access. */
  refundByHand: z.boolean(),
});

export const listAdminPayments = endpoint({
  method: "GET",
  path: "/api/admin/payments",
  summary: "Registre des paiements et des webhooks reçus (administrateurs)",
  tags: ["administration"],
  access: "admin",
  response: z.object({
    /** Crypto payments without BTCPay waiting for an administrator, oldest first (decision 051). */
    toConfirm: z.array(adminPayment),
    payments: z.array(adminPayment),
    events: z.array(
      z.object({
        id: z.uuid(),
        provider: z.string(),
        eventId: z.string(),
        type: z.string(),
        outcome: z.string(),
        detail: z.string().nullable(),
        receivedAt: z.iso.datetime({ offset: true }),
      }),
    ),
    /** The members' changes of monthly plan (decision 053), newest first. */
    planChanges: z.array(
      z.object({
        id: z.uuid(),
        userId: z.uuid(),
        username: z.string().nullable(),
        provider: z.string(),
        fromPlan: z.string(),
        toPlan: z.string(),
        kind: z.enum(["upgrade", "downgrade"]),
        status: z.enum(["requested", "awaiting_approval", "scheduled", "applied", "canceled", "failed"]),
        effectiveAt: z.iso.datetime({ offset: true }).nullable(),
        amountCents: z.number().int().nullable(),
        currency: z.string().nullable(),
        detail: z.string().nullable(),
        createdAt: z.iso.datetime({ offset: true }),
      }),
    ),
  }),
});

export type AdminLedger = z.output<typeof listAdminPayments.response>;
export type AdminPlanChange = AdminLedger["planChanges"][number];
export type AdminPayment = AdminLedger["payments"][number];
export type AdminPaymentEvent = AdminLedger["events"][number];

export const replayPaymentEvent = endpoint({
  method: "POST",
  path: "/api/admin/payments/events/:eventId/replay",
  summary:
    "Rejoue un webhook reçu : l'objet qu'il nomme est relu chez le prestataire et appliqué comme à l'arrivée (administrateurs)",
  tags: ["administration"],
  access: "admin",
  params: z.object({ eventId: z.uuid() }),
  response: z.object({ id: z.uuid(), outcome: z.string(), detail: z.string().nullable() }),
});

export const refundPayment = endpoint({
  method: "POST",
  path: "/api/admin/payments/:paymentId/refund",
  summary: "Rembourse un paiement chez le prestataire ; l'accès payé prend fin aussitôt (administrateurs)",
  tags: ["administration"],
  access: "admin",
  params: z.object({ paymentId: z.uuid() }),
  response: z.object({ id: z.uuid(), status: z.literal("refunded") }),
});

export const confirmPayment = endpoint({
  method: "POST",
  path: "/api/admin/payments/:paymentId/confirm",
  summary:
    "Confirme un paiement en crypto reçu sur le portefeuille, avec la référence de sa transaction : l'accès commence (administrateurs)",
  tags: ["administration"],
  access: "admin",
  params: z.object({ paymentId: z.uuid() }),
  body: z.strictObject({ reference: walletReference }),
  response: z.object({ id: z.uuid(), status: z.literal("paid") }),
});

export const rejectPayment = endpoint({
  method: "POST",
  path: "/api/admin/payments/:paymentId/reject",
  summary:
    "Refuse un paiement en crypto introuvable sur le portefeuille ; le membre est prévenu (administrateurs)",
  tags: ["administration"],
  access: "admin",
  params: z.object({ paymentId: z.uuid() }),
  response: z.object({ id: z.uuid(), status: z.literal("failed") }),
});
