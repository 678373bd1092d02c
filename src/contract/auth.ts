import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { secretText, text, tokenText } from "./text.ts";

/** spec §5 and §8: the French messages of the account forms, word for word where the spec gives them. */
export const authMessages = {
  mailUnavailable: "Nous ne pouvons pas envoyer d'e-mail pour le moment. Réessayez dans quelques minutes.",
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
  usernameMixedScripts:
    "Le nom d'utilisateur doit être écrit dans un seul alphabet (pas de lettres latines mêlées de lettres cyrilliques ou grecques, par exemple).",
  usernameLookAlike: "Ce nom d'utilisateur ressemble trop à un nom déjà pris",
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
/** RFC 5321: an address is at most 254 characters. */
export const EMAIL_MAX = 254;
/** spec §4 Session: the username of a member whose address gives none. */
export const DEFAULT_USERNAME = "utilisateur";

/** Password lengths count characters (an emoji is one), not UTF-16 code units. */
const chars = (v: string) => [...v].length;

const email = text({
  max: EMAIL_MAX,
  min: 1,
  required: authMessages.allFieldsRequired,
  tooLong: authMessages.emailInvalid,
}).superRefine((v, ctx) => {
  const violation = emailRuleViolation(v);
  if (violation) ctx.addIssue({ code: "custom", message: violation });
});

/** A password as typed: nothing trimmed, NUL refused, 128 characters at most (SECURITY-CHECKLIST 7). */
const password = secretText({
  max: PASSWORD_MAX,
  required: authMessages.allFieldsRequired,
  tooLong: authMessages.passwordTooLong,
});

/**
 * The writing systems a username's letters are told apart by. A letter of none of them counts as
 * "other"; Japanese and Korean names may mix Han with their own scripts (Unicode TR39, "highly
 * restrictive").
 */
const SCRIPTS = [
  "Latin",
  "Cyrillic",
  "Greek",
  "Armenian",
  "Georgian",
  "Hebrew",
  "Arabic",
  "Devanagari",
  "Bengali",
  "Thai",
  "Han",
  "Hiragana",
  "Katakana",
  "Hangul",
  "Bopomofo",
].map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, "u")] as const);
const MIXES_ALLOWED = [
  ["Han", "Hiragana", "Katakana"],
  ["Han", "Hangul"],
  ["Han", "Bopomofo"],
];

/** Whether a name's letters and digits all belong to one writing system (ASCII digits belong to all). */
export function singleScript(name: string): boolean {
  const scripts = new Set<string>();
  for (const char of name) {
    if (!/[\p{L}\p{N}]/u.test(char) || /[0-9]/.test(char)) continue;
    scripts.add(SCRIPTS.find(([, re]) => re.test(char))?.[0] ?? "other");
  }
  if (scripts.size <= 1) return true;
  return MIXES_ALLOWED.some((mix) => [...scripts].every((s) => mix.includes(s)));
}

/**
 * Letters of one script (accents: « zoé »), digits, - _ . ; 3 to 30 characters (USERNAME_RE). The
 * name is normalised to NFKC first, so a fullwidth « ｄｅｍｏ » or the Kelvin sign become the plain
 * letters they stand for; look-alikes across scripts are told apart by the database (the username's
 * skeleton is unique).
 */
export const username = (message: string, required = message) =>
  text({ max: 30, min: 1, required, tooLong: message })
    .normalize("NFKC")
    .regex(USERNAME_RE, message)
    .refine(singleScript, authMessages.usernameMixedScripts);

/** Registration form; the minimum password length comes from the server's options. */
export const registerBody = (passwordMin: number) =>
  z
    .object({
      username: username(authMessages.usernameInvalid, authMessages.allFieldsRequired),
      email,
      password: password.refine((v) => chars(v) >= passwordMin, authMessages.passwordTooShort(passwordMin)),
      confirmPassword: password,
    })
    .strict()
    .refine((v) => v.password === v.confirmPassword, {
      path: ["confirmPassword"],
      message: authMessages.passwordsDontMatch,
    });

/** The server's schema accepts any length up to the maximum; the configured minimum is checked in the service. */
const registerBodyServer = registerBody(1);

export const codeSchema = text({
  max: 6,
  required: authMessages.codeFormat,
  tooLong: authMessages.codeFormat,
}).regex(/^\d{6}$/, authMessages.codeFormat);

const forgotEmail = text({
  max: EMAIL_MAX,
  min: 1,
  required: authMessages.forgotEmailRequired,
  tooLong: authMessages.forgotEmailInvalid,
}).regex(EMAIL_RE, authMessages.forgotEmailInvalid);

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
  access: "public",
  response: z.object({ passwordMinLength: z.number().int(), codeResendSeconds: z.number().int() }),
});

export const getSession = endpoint({
  method: "GET",
  path: "/api/auth/session",
  summary: "Membre connecté (null si personne)",
  tags: ["comptes"],
  access: "public",
  response: z.object({ user: sessionUser.nullable() }),
});

export const register = endpoint({
  method: "POST",
  path: "/api/auth/register",
  summary: "Inscription : enregistre la demande ; le compte n'existe qu'après vérification du code",
  tags: ["comptes"],
  access: "public",
  body: registerBodyServer,
  response: ok,
});

export const sendEmailCode = endpoint({
  method: "POST",
  path: "/api/auth/email-code",
  summary: "Envoie le code de vérification à six chiffres (une fois par minute et par adresse)",
  tags: ["comptes"],
  access: "public",
  body: z.object({ email: forgotEmail }).strict(),
  response: ok,
});

export const verifyEmailCode = endpoint({
  method: "POST",
  path: "/api/auth/verify-email-code",
  summary: "Vérifie le code, crée le compte et ouvre la session",
  tags: ["comptes"],
  access: "public",
  body: z.object({ email: forgotEmail, code: codeSchema }).strict(),
  response: z.object({ user: sessionUser }),
});

export const login = endpoint({
  method: "POST",
  path: "/api/auth/login",
  summary: "Connexion avec le nom d'utilisateur ou l'e-mail",
  tags: ["comptes"],
  access: "public",
  body: z
    .object({
      identifier: text({ max: EMAIL_MAX, min: 1, required: authMessages.allFieldsRequired }),
      password,
    })
    .strict(),
  response: z.object({ user: sessionUser }),
});

export const logout = endpoint({
  method: "POST",
  path: "/api/auth/logout",
  summary: "Déconnexion : révoque la session sur le serveur",
  tags: ["comptes"],
  access: "public",
  response: ok,
});

export const forgotPassword = endpoint({
  method: "POST",
  path: "/api/auth/password/forgot",
  summary: "Envoie un lien de réinitialisation (même réponse que l'adresse existe ou non)",
  tags: ["comptes"],
  access: "public",
  body: z.object({ email: forgotEmail }).strict(),
  response: ok,
});

export const resetPassword = endpoint({
  method: "POST",
  path: "/api/auth/password/reset",
  summary: "Nouveau mot de passe depuis le lien reçu ; ferme toutes les autres sessions",
  tags: ["comptes"],
  access: "public",
  body: z
    .object({
      token: tokenText({ max: 200, invalid: authMessages.resetInvalid }),
      password,
      confirmPassword: password,
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
  access: "public",
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
