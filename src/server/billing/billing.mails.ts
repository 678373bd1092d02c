import type { Config } from "../shared/config.ts";
import { escapeHtml } from "../shared/html.ts";
import type { Mail } from "../shared/mailer.ts";

/** Amounts in fr-FR (« 9,99 € »), dates in Paris (« 25 novembre 2026 »). */
export const euros = (cents: number, currency: string) =>
  new Intl.NumberFormat("fr-FR", { style: "currency", currency }).format(cents / 100);
export const parisDate = (d: Date) =>
  new Intl.DateTimeFormat("fr-FR", {
    timeZone: "Europe/Paris",
    day: "2-digit",
    month: "long",
    year: "numeric",
  }).format(d);

function layout(config: Config, title: string, bodyHtml: string) {
  const app = escapeHtml(config.appName);
  return `<!doctype html><html lang="fr"><body style="margin:0;background:#0b0b0f;color:#f4f4f6;font-family:system-ui,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-size:22px;font-weight:800;color:#e50914;margin:0 0 24px">${app}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${bodyHtml}
</div></body></html>`;
}

export interface ReceiptFacts {
  number: string;
  planName: string;
  amountCents: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date | null;
  issuedAt: Date;
  method: string;
  /** Its payment refunded since (the PDF says so). */
  refunded?: boolean;
}

/** The payment methods as a receipt names them (spec §9). */
const methodNames: Record<string, string> = {
  card: "Carte bancaire",
  paypal: "PayPal",
  paysafecard: "Paysafecard (carte prépayée)",
  crypto: "Cryptomonnaie",
};

/** The lines of a receipt, shared by the e-mail and the PDF. */
export function receiptLines(config: Config, r: ReceiptFacts): string[] {
  const seller = config.billing.seller;
  const rate = seller.vatRate;
  const ht = Math.round(r.amountCents / (1 + rate / 100));
  return [
    `Reçu n° ${r.number}`,
    `Émis le ${parisDate(r.issuedAt)}`,
    `Vendeur : ${seller.name}${seller.address ? `, ${seller.address}` : ""}`,
    ...(seller.vatNumber ? [`N° de TVA intracommunautaire : ${seller.vatNumber}`] : []),
    `Formule : ${r.planName}`,
    r.periodEnd
      ? `Période : du ${parisDate(r.periodStart)} au ${parisDate(r.periodEnd)}`
      : `Période : à partir du ${parisDate(r.periodStart)}, sans limite de durée`,
    `Montant HT : ${euros(ht, r.currency)}`,
    `TVA (${String(rate).replace(".", ",")} %) : ${euros(r.amountCents - ht, r.currency)}`,
    `Montant TTC payé : ${euros(r.amountCents, r.currency)}`,
    `Moyen de paiement : ${methodNames[r.method] ?? r.method}`,
    ...(r.refunded ? ["Remboursé : ce paiement vous a été rendu, l'accès qu'il payait a pris fin."] : []),
    "Vous avez demandé l'accès immédiat au contenu numérique et renoncé à votre droit de rétractation de 14 jours.",
  ];
}

export function receiptMail(config: Config, to: string, r: ReceiptFacts): Mail {
  const lines = receiptLines(config, r);
  const title = `Votre reçu ${r.number}`;
  return {
    to,
    subject: `${config.appName} — reçu ${r.number} (${r.planName})`,
    text: `Bonjour,\n\nMerci pour votre paiement. Votre abonnement ${r.planName} est actif.\n\n${lines.join("\n")}\n\nVos reçus sont aussi listés dans Paramètres : ${config.publicUrl}/settings\n`,
    html: layout(
      config,
      title,
      `<p>Merci pour votre paiement. Votre abonnement ${escapeHtml(r.planName)} est actif.</p>
<ul style="padding-left:18px;line-height:1.7">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>
<p><a href="${escapeHtml(`${config.publicUrl}/settings`)}" style="color:#ff4d57">Voir mes reçus dans Paramètres</a></p>`,
    ),
  };
}

/** L215-1-1 Code de la consommation: the acknowledgement of a cancellation, on a durable medium. */
export function cancellationMail(config: Config, to: string, planName: string, end: Date | null): Mail {
  const title = "Résiliation enregistrée";
  const until = end
    ? `Vous gardez l'accès jusqu'au ${parisDate(end)} inclus ; aucun prélèvement ne suivra.`
    : "";
  return {
    to,
    subject: `${config.appName} — accusé de réception de votre résiliation`,
    text: `Bonjour,\n\nNous avons bien reçu la résiliation de votre abonnement ${planName}, le ${parisDate(new Date())}.\n${until}\nVous pouvez reprendre votre abonnement jusqu'à cette date depuis ${config.publicUrl}/subscription.\n`,
    html: layout(
      config,
      title,
      `<p>Nous avons bien reçu la résiliation de votre abonnement ${escapeHtml(planName)}, le ${escapeHtml(parisDate(new Date()))}.</p>
<p>${escapeHtml(until)}</p>
<p><a href="${escapeHtml(`${config.publicUrl}/subscription`)}" style="color:#ff4d57">Reprendre mon abonnement</a></p>`,
    ),
  };
}

/** spec §9 reminders: the end of the member's access, N days ahead. */
export function expiryReminderMail(config: Config, to: string, planName: string, end: Date): Mail {
  const title = "Votre abonnement se termine bientôt";
  const link = `${config.publicUrl}/subscription`;
  return {
    to,
    subject: `${config.appName} — votre abonnement se termine le ${parisDate(end)}`,
    text: `Bonjour,\n\nVotre abonnement ${planName} se termine le ${parisDate(end)}.\nPour continuer à regarder films et séries, renouvelez-le : ${link}\n`,
    html: layout(
      config,
      title,
      `<p>Votre abonnement ${escapeHtml(planName)} se termine le ${escapeHtml(parisDate(end))}.</p>
<p><a href="${escapeHtml(link)}" style="color:#ff4d57">Renouveler mon abonnement</a></p>`,
    ),
  };
}

/** A renewal the bank refused: access kept for the grace days, then the paywall. */
export function renewalFailedMail(config: Config, to: string, planName: string, until: Date): Mail {
  const title = "Le renouvellement de votre abonnement a échoué";
  const link = `${config.publicUrl}/subscription`;
  return {
    to,
    subject: `${config.appName} — le paiement de votre abonnement a échoué`,
    text: `Bonjour,\n\nLe paiement du renouvellement de votre abonnement ${planName} a été refusé.\nVous gardez l'accès jusqu'au ${parisDate(until)} ; mettez à jour votre moyen de paiement d'ici là : ${link}\n`,
    html: layout(
      config,
      title,
      `<p>Le paiement du renouvellement de votre abonnement ${escapeHtml(planName)} a été refusé.</p>
<p>Vous gardez l'accès jusqu'au ${escapeHtml(parisDate(until))}. Mettez à jour votre moyen de paiement d'ici là.</p>
<p><a href="${escapeHtml(link)}" style="color:#ff4d57">Gérer mon abonnement</a></p>`,
    ),
  };
}
