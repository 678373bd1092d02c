import { z } from "zod";
import { adminPage, adminPageOf, adminSearch, bulkIds } from "./admin-common.ts";
import { EMAIL_MAX, emailRuleViolation } from "./auth.ts";
import { endpoint } from "./endpoint.ts";
import { text } from "./text.ts";

/**
 * Members as administrators manage them (spec §2 Admin « Utilisateurs », §3 Gift subscription, §5
 * User edit and Gift, §6 Admin, §7 admin-users and give-subscription; SECURITY-CHECKLIST 17, 18,
 * 36, 37). The username is locked; protected accounts (PROTECTED_ACCOUNTS) and the last
 * administrator are never deleted, demoted or gifted, nor may administrators delete or demote
 * themselves: the server refuses, whatever the screen shows.
 */

/** spec §3 Gift subscription: the plans an administrator gives, and the plan each one is. */
export const GIFT_PLANS = ["essentiel", "premium", "lifetime"] as const;
export type GiftPlan = (typeof GIFT_PLANS)[number];
export const giftPlanCodes: Record<GiftPlan, string> = {
  essentiel: "basic_monthly",
  premium: "premium_monthly",
  lifetime: "lifetime",
};
/** spec §5 Gift: 1 to 24 months, 1 by default. */
export const GIFT_MONTHS_MIN = 1;
export const GIFT_MONTHS_MAX = 24;

/** spec §6: roles as the screens name them. */
export const adminRoles = ["user", "admin"] as const;
export type AdminRole = (typeof adminRoles)[number];

export const adminUserMessages = {
  emailInvalid: "Adresse e-mail invalide.",
  emailTaken: "Cette adresse e-mail est déjà celle d'un autre compte.",
  roleUnknown: "Rôle inconnu\u00a0: Utilisateur ou Administrateur.",
  nothingToUpdate: "Aucune modification à enregistrer.",
  protectedAccount: (name: string) =>
    `«\u00a0${name}\u00a0» est un compte protégé\u00a0: il ne peut être ni supprimé, ni rétrogradé, ni recevoir d'abonnement offert.`,
  lastAdministrator: (name: string) =>
    `«\u00a0${name}\u00a0» est le dernier administrateur\u00a0: nommez-en un autre d'abord.`,
  notYourself: "Vous ne pouvez ni supprimer ni rétrograder votre propre compte depuis l'administration.",
  planUnknown: "Formule inconnue\u00a0: Essentiel, Premium ou À vie.",
  lifetimeAlready: (name: string) =>
    `«\u00a0${name}\u00a0» a déjà l'accès à vie\u00a0: un abonnement offert n'y ajouterait rien.`,
  monthsRange: `La durée d'un abonnement offert va de ${GIFT_MONTHS_MIN} à ${GIFT_MONTHS_MAX} mois.`,
  bulkActionUnknown: "Action inconnue\u00a0: supprimer, ou offrir un abonnement.",
  /** spec §8 Successes. */
  deleted: "Utilisateur supprimé",
  /** The member's notification of a gift (French typography: non-breaking spaces). */
  giftTitle: "Abonnement offert",
  giftMessage: (plan: string, months: number | null, until: string | null) =>
    months === null
      ? `Un abonnement à vie vous a été offert (formule ${plan}). Bon visionnage\u00a0!`
      : `Un abonnement ${plan} de ${months}\u00a0mois vous a été offert${until ? `, jusqu'au ${until}` : ""}. Bon visionnage\u00a0!`,
} as const;

const m = adminUserMessages;

const email = text({ max: EMAIL_MAX, min: 1, required: m.emailInvalid, tooLong: m.emailInvalid }).superRefine(
  (v, ctx) => {
    const violation = emailRuleViolation(v);
    if (violation) ctx.addIssue({ code: "custom", message: violation });
  },
);

/** spec §5 User edit: the e-mail (valid, unique) and the role; the username is locked (not read). */
export const userUpdateInput = z
  .object({
    email: email.transform((v) => v.toLowerCase()),
    role: z.enum(adminRoles, { error: m.roleUnknown }),
  })
  .partial();
export type UserUpdateInput = z.input<typeof userUpdateInput>;

const months = z
  .number({ error: m.monthsRange })
  .int(m.monthsRange)
  .min(GIFT_MONTHS_MIN, m.monthsRange)
  .max(GIFT_MONTHS_MAX, m.monthsRange);

/**
 * spec §5 Gift: the plan (essentiel by default) and 1 to 24 months, none for lifetime. The form
 * puts 1 back in place of what is not a whole number of months in range (spec §5 "invalid falls
 * back to 1"); the server refuses it (SECURITY-CHECKLIST 18).
 */
export const giftInput = z
  .object({
    planCode: z.enum(GIFT_PLANS, { error: m.planUnknown }).default("essentiel"),
    months: months.optional(),
  })
  .refine((g) => g.planCode === "lifetime" || g.months !== undefined, {
    path: ["months"],
    message: m.monthsRange,
  });
export type GiftInput = z.input<typeof giftInput>;

/** A member's access now, as the table shows it. */
export const adminUserSubscription = z.object({
  planCode: z.string(),
  planName: z.string(),
  /** Null: no end (lifetime). */
  until: z.iso.datetime({ offset: true }).nullable(),
  source: z.string(),
});

export const adminUser = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  /** As stored: membre and user are the same role (« Utilisateur »). */
  role: z.enum(["membre", "user", "admin"]),
  createdAt: z.iso.datetime({ offset: true }),
  subscription: adminUserSubscription.nullable(),
  /** PROTECTED_ACCOUNTS: never deleted, demoted or gifted. */
  protected: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

const userIdParams = z.object({ id: z.uuid() });

export const listUsers = endpoint({
  method: "GET",
  path: "/api/admin/users",
  summary: "Administrateurs\u00a0: membres, les plus récents d'abord, par recherche (nom, e-mail) et rôle",
  tags: ["admin"],
  access: "admin",
  query: z.object({
    ...adminPage,
    q: adminSearch.optional(),
    role: z.enum(adminRoles, { error: m.roleUnknown }).optional(),
  }),
  response: adminPageOf(adminUser).extend({
    /** How many administrators there are (the last one cannot leave). */
    administrators: z.number().int().nonnegative(),
  }),
});

export const updateUser = endpoint({
  method: "PATCH",
  path: "/api/admin/users/:id",
  summary:
    "Administrateurs\u00a0: change l'e-mail ou le rôle d'un membre (le nom d'utilisateur ne change pas)",
  tags: ["admin"],
  access: "admin",
  params: userIdParams,
  body: userUpdateInput,
  response: adminUser,
});

export const deleteUser = endpoint({
  method: "DELETE",
  path: "/api/admin/users/:id",
  summary: "Administrateurs\u00a0: supprime un membre et toutes ses données, en une transaction",
  tags: ["admin"],
  access: "admin",
  params: userIdParams,
  response: z.object({ deleted: z.literal(1), message: z.string() }),
});

export const giftSubscription = endpoint({
  method: "POST",
  path: "/api/admin/users/:id/gift",
  summary:
    "Administrateurs\u00a0: offre un abonnement (prolonge celui en cours) ; le membre est prévenu par une notification (201)",
  tags: ["admin"],
  access: "admin",
  params: userIdParams,
  body: giftInput,
  response: z.object({
    user: adminUser,
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
  }),
});

/** Bulk actions on the « Utilisateurs » table: one confirmation, one transaction, every rule kept. */
export const bulkUsersInput = z
  .object({
    action: z.enum(["delete", "gift"], { error: m.bulkActionUnknown }),
    userIds: bulkIds,
    planCode: z.enum(GIFT_PLANS, { error: m.planUnknown }).default("essentiel"),
    months: months.optional(),
  })
  .refine((b) => b.action !== "gift" || b.planCode === "lifetime" || b.months !== undefined, {
    path: ["months"],
    message: m.monthsRange,
  });
export type BulkUsersInput = z.input<typeof bulkUsersInput>;

export const bulkUsers = endpoint({
  method: "POST",
  path: "/api/admin/users/bulk",
  summary: "Administrateurs\u00a0: supprime des membres ou leur offre un abonnement, en une transaction",
  tags: ["admin"],
  access: "admin",
  body: bulkUsersInput,
  response: z.object({ changed: z.number().int().nonnegative() }),
});
