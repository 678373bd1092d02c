import { z } from "zod";
import { endpoint } from "./endpoint.ts";

/** spec §5 and §8: the French messages of the account forms, word for word where the spec gives them. */
export const authMessages = {
  allFieldsRequired: "Veuillez remplir tous les champs",
  passwordsDontMatch: "Les mots de passe ne correspondent pas",
  passwordTooShort: (min: number) => `Le mot de passe doit contenir au moins ${min} caractères`,
  passwordTooLong: "Le mot de passe ne peut pas dépasser 128 caractères",
  passwordTooCommon: "Ce mot de passe est trop courant : choisissez-en un autre.",
  emailInvalid: "Format email invalide",
  emailTemporary: "Les adresses email temporaires ne sont pas autorisées",
  emailTestDomain: "Les domaines de test ne sont pas autorisés",
  emailGooglemail: "Veuillez utiliser une adresse @gmail.com",
  emailGmailAlias: 'Les alias Gmail avec "+" ne sont pas autorisés',
  emailGmailSuspicious: "Cette adresse Gmail semble suspecte",
  usernameInvalid:
    "Le nom d'utilisateur doit contenir de 3 à 30 caractères : lettres, chiffres, tirets, points ou tirets bas.",
  usernameTaken: "Ce nom d'utilisateur est déjà pris",
  codeFormat: "Veuillez saisir un code de 6 chiffres",
  codeInvalid: "Code invalide ou expiré",
  codeSent: "Code de vérification envoyé par email !",
  codeSendFailed: "Erreur lors de l'envoi du code",
  emailVerified: "Email vérifié avec succès !",
  accountCreated: "Compte créé avec succès",
  registerFailed: "Erreur d'inscription",
  loginFailed: "Erreur de connexion",
  loginInvalid: "Identifiant ou mot de passe incorrect",
  loginSuccess: "Connexion réussie",
  loginWelcome: "Bienvenue !",
  logoutSuccess: "Déconnexion réussie",
  logoutBye: "À bientôt !",
  forgotEmailRequired: "Veuillez saisir votre adresse email",
  forgotEmailInvalid: "Veuillez saisir une adresse email valide",
  forgotSent: "Email de réinitialisation envoyé ! Vérifiez votre boîte mail.",
  forgotFailed: "Erreur lors de l'envoi de l'email",
  resetInvalid: "Lien de réinitialisation invalide ou expiré",
  resetFailed: "Erreur lors de la réinitialisation du mot de passe",
  resetDone: "Mot de passe réinitialisé !",
  resetDoneDetail: "Mot de passe mis à jour",
} as const;

/** Reserved and test domains (RFC 2606 / 6761) and common throw-away test domains. */
const TEST_DOMAINS = new Set([
  "example.com",
  "example.org",
  "example.net",
  "test.com",
  "test.fr",
  "localhost",
]);
const TEST_TLDS = [".test", ".example", ".invalid", ".localhost", ".local"];

const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

/**
 * The e-mail rules of spec §5 that need no list (the temporary-mail list is checked on the server,
 * which owns the maintained list). Returns the French message of the first rule broken, or null.
 */
export function emailRuleViolation(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  // Test domains first: « x@localhost » is a test domain (spec §5), not a format error.
  if (at > 0 && (TEST_DOMAINS.has(domain) || TEST_TLDS.some((tld) => domain.endsWith(tld)))) {
    return authMessages.emailTestDomain;
  }
  if (email.length > 254 || !EMAIL_RE.test(email)) return authMessages.emailInvalid;
  if (domain === "googlemail.com") return authMessages.emailGooglemail;
  if (domain === "gmail.com") {
    if (local.includes("+")) return authMessages.emailGmailAlias;
    const dots = local.split(".").length - 1;
    if (dots > 3 || dots / local.length > 0.3) return authMessages.emailGmailSuspicious;
  }
  return null;
}

/** Letters of any script (accents: « zoé »), digits, - _ . ; 3 to 30 characters. */
export const USERNAME_RE = /^[\p{L}\p{N}][\p{L}\p{N}._-]{1,28}[\p{L}\p{N}]$/u;

export const PASSWORD_MAX = 128;

/** Password lengths count characters (an emoji is one), not UTF-16 code units. */
const chars = (v: string) => [...v].length;

const email = z
  .string({ error: authMessages.allFieldsRequired })
  .trim()
  .min(1, authMessages.allFieldsRequired)
  .superRefine((v, ctx) => {
    const violation = emailRuleViolation(v);
    if (violation) ctx.addIssue({ code: "custom", message: violation });
  });

/** Registration form; the minimum password length comes from the server's options. */
export const registerBody = (passwordMin: number) =>
  z
    .object({
      username: z
        .string({ error: authMessages.allFieldsRequired })
        .trim()
        .min(1, authMessages.allFieldsRequired)
        .regex(USERNAME_RE, authMessages.usernameInvalid),
      email,
      password: z
        .string({ error: authMessages.allFieldsRequired })
        .min(1, authMessages.allFieldsRequired)
        .refine((v) => chars(v) >= passwordMin, authMessages.passwordTooShort(passwordMin))
        .refine((v) => chars(v) <= PASSWORD_MAX, authMessages.passwordTooLong),
      confirmPassword: z
        .string({ error: authMessages.allFieldsRequired })
        .min(1, authMessages.allFieldsRequired),
    })
    .strict()
    .refine((v) => v.password === v.confirmPassword, {
      path: ["confirmPassword"],
      message: authMessages.passwordsDontMatch,
    });

/** The server's schema accepts any length up to the maximum; the configured minimum is checked in the service. */
const registerBodyServer = registerBody(1);

export const codeSchema = z
  .string({ error: authMessages.codeFormat })
  .regex(/^\d{6}$/, authMessages.codeFormat);

const forgotEmail = z
  .string({ error: authMessages.forgotEmailRequired })
  .trim()
  .min(1, authMessages.forgotEmailRequired)
  .max(254, authMessages.forgotEmailInvalid)
  .regex(EMAIL_RE, authMessages.forgotEmailInvalid);

export const sessionUser = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(["membre", "user", "admin"]),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SessionUser = z.infer<typeof sessionUser>;

const ok = z.object({ ok: z.literal(true) });

export const authOptions = endpoint({
  method: "GET",
  path: "/api/auth/options",
  summary: "Règles publiques des formulaires de compte",
  tags: ["comptes"],
  response: z.object({ passwordMinLength: z.number().int(), codeResendSeconds: z.number().int() }),
});

export const getSession = endpoint({
  method: "GET",
  path: "/api/auth/session",
  summary: "Membre connecté (null si personne)",
  tags: ["comptes"],
  response: z.object({ user: sessionUser.nullable() }),
});

export const register = endpoint({
  method: "POST",
  path: "/api/auth/register",
  summary: "Inscription : enregistre la demande ; le compte n'existe qu'après vérification du code",
  tags: ["comptes"],
  body: registerBodyServer,
  response: ok,
});

export const sendEmailCode = endpoint({
  method: "POST",
  path: "/api/auth/email-code",
  summary: "Envoie le code de vérification à six chiffres (une fois par minute et par adresse)",
  tags: ["comptes"],
  body: z.object({ email: forgotEmail }).strict(),
  response: ok,
});

export const verifyEmailCode = endpoint({
  method: "POST",
  path: "/api/auth/verify-email-code",
  summary: "Vérifie le code, crée le compte et ouvre la session",
  tags: ["comptes"],
  body: z.object({ email: forgotEmail, code: codeSchema }).strict(),
  response: z.object({ user: sessionUser }),
});

export const login = endpoint({
  method: "POST",
  path: "/api/auth/login",
  summary: "Connexion avec le nom d'utilisateur ou l'e-mail",
  tags: ["comptes"],
  body: z
    .object({
      identifier: z.string().trim().min(1, authMessages.allFieldsRequired).max(254),
      password: z
        .string()
        .min(1, authMessages.allFieldsRequired)
        .refine((v) => chars(v) <= PASSWORD_MAX, authMessages.passwordTooLong),
    })
    .strict(),
  response: z.object({ user: sessionUser }),
});

export const logout = endpoint({
  method: "POST",
  path: "/api/auth/logout",
  summary: "Déconnexion : révoque la session sur le serveur",
  tags: ["comptes"],
  response: ok,
});

export const forgotPassword = endpoint({
  method: "POST",
  path: "/api/auth/password/forgot",
  summary: "Envoie un lien de réinitialisation (même réponse que l'adresse existe ou non)",
  tags: ["comptes"],
  body: z.object({ email: forgotEmail }).strict(),
  response: ok,
});

export const resetPassword = endpoint({
  method: "POST",
  path: "/api/auth/password/reset",
  summary: "Nouveau mot de passe depuis le lien reçu ; ferme toutes les autres sessions",
  tags: ["comptes"],
  body: z
    .object({
      token: z.string().min(1, authMessages.resetInvalid).max(200, authMessages.resetInvalid),
      password: z
        .string()
        .min(1, authMessages.allFieldsRequired)
        .refine((v) => chars(v) <= PASSWORD_MAX, authMessages.passwordTooLong),
      confirmPassword: z.string().min(1, authMessages.allFieldsRequired),
    })
    .strict()
    .refine((v) => v.password === v.confirmPassword, {
      path: ["confirmPassword"],
      message: authMessages.passwordsDontMatch,
    }),
  response: ok,
});

export const listPlans = endpoint({
  method: "GET",
  path: "/api/plans",
  summary: "Formules d'abonnement actives, de la moins chère à la plus chère",
  tags: ["abonnements"],
  response: z.object({
    items: z.array(
      z.object({
        id: z.uuid(),
        code: z.string(),
        name: z.string(),
        priceCents: z.number().int(),
        currency: z.string(),
        interval: z.enum(["month", "lifetime", "other"]),
        maxStreams: z.number().int(),
        badge: z.string().nullable(),
        features: z.array(z.string()),
      }),
    ),
  }),
});
