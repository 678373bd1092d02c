import { nbsp } from "./typography.ts";

/** spec §2 Plans screen / modal and §9 plan features and payment methods. */
export const plansText = {
  welcome: (username: string) => `Bienvenue sur Bobine, ${username}`,
  title: "Choisissez votre formule",
  intro: "Films et séries en illimité, sans engagement. Vous pourrez changer de formule à tout moment.",
  close: "Fermer",
  later: "Plus tard",
  perMonth: "/mois",
  methodLegend: "Moyen de paiement",
  /** « Renouvellement automatique » off for the chosen method in the member's settings (decision 066). */
  noAutoRenew: (method: "card" | "paypal") =>
    `Renouvellement automatique désactivé pour ${method === "card" ? "la carte bancaire" : "PayPal"} dans vos paramètres${nbsp}: une formule mensuelle payée ainsi s'arrêtera à la fin du mois payé.`,
  settingsLink: "Modifier dans les paramètres",
  /** The provider's page opened in a new tab (spec §7); this screen follows the payment. */
  paymentElsewhere: `Le paiement continue dans un nouvel onglet${nbsp}; cet écran se met à jour dès qu'il est confirmé.`,
  paymentReopen: "Rouvrir la page de paiement",
  methods: {
    card: {
      label: "Carte bancaire",
      text: "Visa, Mastercard, CB. 3-D Secure, renouvellement automatique possible.",
    },
    paypal: {
      label: "PayPal",
      text: "Compte PayPal ou carte, renouvellement automatique possible.",
    },
    paysafecard: {
      label: "Paysafecard",
      text: "Carte prépayée, code saisi chez Paysafecard. Renouvellement manuel uniquement.",
    },
    crypto: { label: "Crypto", text: "Une adresse de portefeuille vous est communiquée pour le paiement." },
  },
  choose: (name: string) => `Choisir ${name}`,
  choosing: "Redirection vers le paiement…",
  waiver:
    "J'accepte que l'accès commence immédiatement et je renonce à mon droit de rétractation de 14 jours pour ce contenu numérique.",
  waiverMissing: "Cochez la case ci-dessus pour continuer.",
  signInRequired: "Vous devez être connecté pour souscrire à un abonnement",
  errorTitle: "Erreur de souscription",
  errorFallback: "Une erreur s'est produite lors de la souscription",
  demoNote: `Mode démonstration${nbsp}: aucun paiement réel n'est effectué.`,
  support: `Une question sur votre paiement${nbsp}? Écrivez au support`,
  cancelLink: "Résilier votre abonnement",
  lifetimeOwned: `Vous avez déjà l'accès à vie${nbsp}: il n'y a rien de plus à acheter.`,
  renewing: (plan: string) =>
    `Votre abonnement ${plan} se renouvelle chaque mois. Pour passer à une autre formule mensuelle, résiliez-le d'abord avec «${nbsp}Résilier votre abonnement${nbsp}» (vous gardez l'accès jusqu'à son échéance)${nbsp}; l'accès à vie reste possible tout de suite.`,
  secure: "Paiement sécurisé, aucune donnée bancaire n'est conservée par Bobine.",
  loadFailed: "Impossible de charger les plans d'abonnement",
} as const;

/** « Changer de formule » (docs/decisions/053-plan-changes.md): a monthly subscriber moves to another monthly plan. */
export const planChangeText = {
  change: "Changer de formule",
  changeLabel: (plan: string) => `Changer de formule${nbsp}: passer à ${plan}`,
  current: "Votre formule actuelle",
  keep: (plan: string) => `Garder ${plan}`,
  scheduledFor: (date: string) => `Prévue le ${date}`,
  waitingFor: (plan: string) => `Un passage à ${plan} est déjà prévu`,
  noteProrated: (plan: string) =>
    `Votre abonnement ${plan} se renouvelle chaque mois. «${nbsp}Changer de formule${nbsp}»${nbsp}: une formule plus chère s'applique tout de suite (la différence, au prorata des jours restants, est prélevée aujourd'hui)${nbsp}; une moins chère, à votre prochaine échéance. L'accès à vie reste possible tout de suite.`,
  noteRenewal: (plan: string) =>
    `Votre abonnement ${plan} se renouvelle chaque mois. «${nbsp}Changer de formule${nbsp}»${nbsp}: PayPal vous demande votre accord, puis la nouvelle formule s'applique à votre prochaine échéance. L'accès à vie reste possible tout de suite.`,
  noteWaiting: (plan: string, date: string) =>
    `Votre abonnement passera à ${plan} le ${date}. Pour l'annuler, gardez votre formule actuelle.`,
  loading: "Calcul en cours…",
  upgradeTitle: (plan: string) => `Passer à ${plan} dès maintenant${nbsp}?`,
  upgradeAmount: (amount: string, date: string) =>
    `${amount} vous seront prélevés aujourd'hui${nbsp}: la différence entre les deux formules pour les jours qui restent jusqu'au ${date}, calculée par Stripe.`,
  upgradeProrated: (date: string) =>
    `La différence entre les deux formules pour les jours qui restent jusqu'au ${date} vous sera prélevée aujourd'hui, au prorata.`,
  upgradeThen: (plan: string, price: string, date: string) =>
    `Vous profitez de ${plan} tout de suite, puis ${price}/mois à partir du ${date}. L'accès à la nouvelle formule commençant immédiatement, vous renoncez à votre droit de rétractation pour ce complément.`,
  laterTitle: (plan: string) => `Passer à ${plan} à votre prochaine échéance${nbsp}?`,
  laterText: (current: string, date: string, plan: string, price: string) =>
    `Vous gardez ${current} jusqu'au ${date} inclus, sans rien payer de plus. À partir du ${date}, votre abonnement passe à ${plan}, ${price}/mois.`,
  laterTextNoDate: (current: string, plan: string, price: string) =>
    `Vous gardez ${current} jusqu'à votre prochaine échéance, sans rien payer de plus${nbsp}; ensuite, votre abonnement passe à ${plan}, ${price}/mois.`,
  approvalText: "PayPal vous demandera votre accord dans un nouvel onglet. Rien n'est prélevé aujourd'hui.",
  revertTitle: (plan: string) => `Garder ${plan}${nbsp}?`,
  revertText: (plan: string) =>
    `Le passage prévu à ${plan} est annulé${nbsp}; votre formule actuelle continue.`,
  confirm: "Confirmer le changement",
  confirmRevert: "Garder ma formule",
  cancel: "Annuler",
  doneNowTitle: "Formule changée",
  doneNow: (plan: string) => `Vous profitez maintenant de ${plan}. Votre reçu vous a été envoyé par e-mail.`,
  doneLaterTitle: "Changement enregistré",
  doneLater: (plan: string, date: string) => `Votre abonnement passera à ${plan} le ${date}.`,
  doneApproval: "Donnez votre accord dans l'onglet PayPal qui vient de s'ouvrir.",
  doneRevertTitle: "Changement annulé",
  doneRevert: (plan: string) => `Vous gardez ${plan}.`,
  failed: "Le changement de formule n'a pas abouti",
  previewFailed: "Impossible de préparer ce changement de formule",
  retry: "Réessayer",
  pending: (plan: string, date: string) => `Passage à ${plan} prévu le ${date}`,
  pendingNoDate: (plan: string) => `Passage à ${plan} prévu à votre prochaine échéance`,
  pendingApproval: "En attente de votre accord chez PayPal",
  approve: "Donner mon accord chez PayPal",
  nextRenewal: "votre prochaine échéance",
} as const;

/** /subscription: the member's state above the plans (spec §4 display states). */
export const subscriptionPageText = {
  title: "Abonnements",
  current: "Votre abonnement",
  states: {
    none: "Aucun abonnement",
    active: "Actif",
    expiring: "Expire bientôt",
    expired: "Expiré",
  },
  until: (date: string) => `Jusqu'au ${date}`,
  lifetime: "Accès à vie",
  cancelScheduled: (date: string) => `Résiliation enregistrée${nbsp}: accès jusqu'au ${date}`,
  resume: "Reprendre mon abonnement",
  resumed: "Abonnement repris",
  manage: "Gérer mon moyen de paiement",
  loadFailed: "Impossible de charger les informations d'abonnement",
} as const;

/** spec §2 Success page (texts quoted by the spec kept word for word). */
export const successText = {
  verifying: "Vérification de votre paiement...",
  welcome: (plan: string) => `Bienvenue chez Bobine ${plan}`,
  activated: "Votre abonnement a été activé avec succès",
  details: "Détails de l'abonnement",
  plan: "Formule",
  price: "Prix",
  status: "Statut",
  active: "Actif",
  method: "Moyen de paiement",
  benefitsTitle: "Vos avantages",
  benefits: [
    "Accès illimité à tout le catalogue",
    "Qualité jusqu'en 4K",
    "Sur tous vos appareils",
    "Sans publicité",
    "Téléchargements hors ligne",
    "Recommandations personnalisées",
    "Badge de membre",
    "Support prioritaire 24/7",
  ],
  home: "Commencer à regarder",
  settings: "Mes paramètres",
  mailNote: "Un e-mail de confirmation et votre reçu vous ont été envoyés.",
  failedTitle: "Erreur de paiement",
  failedText: "Une erreur est survenue lors du traitement de votre paiement",
  backToPlans: "Revenir aux formules",
  /** The provider has not confirmed after the page's checks (MAX_CHECKS). */
  waitingTitle: "Paiement en attente de confirmation",
  waitingText:
    "Le prestataire n'a pas encore confirmé votre paiement. S'il a bien été effectué, votre accès s'ouvrira dès sa confirmation et votre reçu vous sera envoyé par e-mail.",
  checkAgain: "Vérifier à nouveau",
  /** Paid while the member already had this access (two tabs): given back at once. */
  duplicateTitle: "Paiement remboursé",
  duplicateText:
    "Vous aviez déjà cet accès : ce paiement vous est remboursé et votre abonnement en cours ne change pas.",
  signedOut: "Connectez-vous pour voir l'état de votre paiement.",
  toastTitle: "Paiement réussi",
  toastText: (plan: string) => `Votre abonnement ${plan} a été activé avec succès`,
} as const;

/** The demo provider's checkout page (docs/decisions/042-demo-provider.md). */
export const demoText = {
  title: "Paiement",
  badge: "Mode démonstration",
  intro: "Aucun paiement réel n'est effectué. Utilisez une des cartes de test ci-dessous.",
  order: "Votre commande",
  total: "Total",
  cards: "Cartes de test",
  approved: "Paiement accepté",
  declined: "Paiement refusé",
  confirm: "Confirmation demandée (3-D Secure)",
  cardNumber: "Numéro de carte",
  pay: (amount: string) => `Payer ${amount}`,
  paying: "Paiement en cours…",
  declinedText: "Paiement refusé par votre banque. Essayez une autre carte.",
  confirmTitle: "Confirmez ce paiement",
  confirmText: "Votre banque demande une confirmation (simulation de 3-D Secure).",
  confirmButton: "Confirmer le paiement",
  back: "Annuler et revenir aux formules",
  signedOut: "Connectez-vous pour payer.",
  unknown: "Paiement introuvable.",
} as const;

/** The cancellation screen (L215-1-1 Code de la consommation: three clicks). */
export const cancelText = {
  title: "Résilier votre abonnement",
  lead: (plan: string) => `Vous êtes sur le point de résilier votre abonnement ${plan}.`,
  effects: (date: string) =>
    `Vous gardez l'accès à tout le catalogue jusqu'au ${date} inclus. Aucun prélèvement ne suivra. Vous pourrez reprendre votre abonnement d'ici là.`,
  effectsNoDate: "Vous gardez l'accès jusqu'à la fin de la période payée. Aucun prélèvement ne suivra.",
  confirm: "Confirmer la résiliation",
  keep: "Garder mon abonnement",
  doneTitle: "Résiliation enregistrée",
  doneText: (date: string) =>
    `Vous gardez l'accès jusqu'au ${date} inclus. Un accusé de réception vous a été envoyé par e-mail.`,
  nothing: "Aucun abonnement à résilier.",
  /** Covered by access that does not renew (a gift, a prepaid month, lifetime): nothing will be charged. */
  nothingRenews: (plan: string, date: string | null) =>
    date
      ? `Votre accès ${plan} ne se renouvelle pas${nbsp}: il n'y a rien à résilier. Vous le gardez jusqu'au ${date} inclus${nbsp}; aucun prélèvement ne suivra.`
      : `Vous avez l'accès à vie${nbsp}: il n'y a rien à résilier.`,
  seeSubscription: "Voir votre abonnement",
  signedOut: "Connectez-vous pour gérer votre abonnement.",
} as const;

/** « Reçus » in Paramètres. */
export const receiptsText = {
  title: "Reçus",
  none: "Aucun reçu pour le moment.",
  pdf: "PDF",
  pdfLabel: (number: string) => `Télécharger le reçu ${number} en PDF`,
  refunded: "Remboursé",
} as const;

/** spec §2 Prepaid-card page (docs/decisions/044: the PIN is typed on paysafecard's panel only). */
export const prepaidText = {
  title: "Paiement Paysafecard",
  order: "Récapitulatif de la commande",
  plan: "Formule",
  amount: "Montant",
  open: "Saisir mon code PIN chez Paysafecard",
  pinElsewhere: `Pour votre sécurité, Bobine ne vous demande jamais votre code PIN${nbsp}: vous le saisissez uniquement sur la page de Paysafecard, qui s'ouvre dans un nouvel onglet.`,
  waiting: "En attente de votre paiement…",
  paid: `Paiement reçu${nbsp}: redirection…`,
  failedTitle: "Erreur de paiement",
  failedText: "Une erreur est survenue lors du traitement de votre paiement",
  back: "Revenir aux formules",
} as const;

/** The crypto fallback's page, /payment/crypto (decision 051): the operator's wallet, then an administrator's confirmation. */
export const walletText = {
  title: "Paiement en cryptomonnaie",
  intro: (network: string) =>
    `Envoyez l'équivalent du montant ci-dessous en ${network} à l'adresse du portefeuille de Bobine, puis indiquez la référence de votre transaction${nbsp}: un administrateur la vérifie et votre accès commence dès sa confirmation.`,
  order: "Récapitulatif de la commande",
  plan: "Formule",
  amount: "Montant",
  network: "Réseau",
  address: "Adresse du portefeuille",
  copy: "Copier l'adresse",
  copied: "Adresse copiée",
  copyFailed: `Copie impossible${nbsp}: sélectionnez l'adresse et copiez-la vous-même.`,
  reference: "Référence de la transaction",
  referenceHint: "L'identifiant (hash) de la transaction, tel que votre portefeuille l'affiche.",
  declare: "J'ai envoyé le paiement",
  declaring: "Envoi…",
  update: "Corriger la référence",
  declared: "Référence enregistrée",
  waitingTitle: "En attente de confirmation",
  waitingText: `Un administrateur vérifie votre transaction sur le portefeuille. Vous recevrez une notification dès qu'elle sera confirmée${nbsp}; cette page se met à jour toute seule.`,
  declaredAs: "Transaction déclarée",
  paidTitle: "Paiement confirmé",
  paidText: "Votre abonnement est actif. Votre reçu vous a été envoyé par e-mail.",
  start: "Commencer à regarder",
  failedTitle: "Paiement non confirmé",
  failedText:
    "Un administrateur n'a pas trouvé cette transaction sur le portefeuille. Si vous avez bien envoyé les fonds, contactez le support avec sa référence.",
  unknown: "Ce paiement est introuvable.",
  support: "Contacter le support",
  back: "Revenir aux formules",
  signedOut: "Connectez-vous pour suivre votre paiement.",
} as const;
