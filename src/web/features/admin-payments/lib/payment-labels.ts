import type { AdminPayment } from "#contract/billing";
import { adminPaymentsText as text } from "#web/i18n/admin.ts";
import { formatPrice } from "#web/lib/format.ts";

/** Dates of the « Paiements » tab, in Paris. */
export const paymentTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});

/** The member who paid; « Utilisateur supprimé » once the account is gone. */
export const payerName = (p: AdminPayment) => p.username ?? text.deletedMember;

export const paymentAmount = (p: AdminPayment) => formatPrice(p.amountCents, p.currency);
