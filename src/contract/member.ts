import { z } from "zod";
import { authMessages, sessionUser, username } from "./auth.ts";
import { endpoint } from "./endpoint.ts";
import { secretText, text } from "./text.ts";
import { publicUrl } from "./urls.ts";

/**
 * The member's own space: profile (spec §2 Profile, §3 Activity item and User stats), settings
 * (spec §2 Settings, §3 Local user settings and Billing settings, §9 options and defaults) and
 * « vos données » (export, erase, account deletion; spec §2 Settings). Every endpoint acts for the
 * signed-in member only: identity comes from the session.
 */

/** French messages of the member space (spec §5 Settings, §8 Profile and Settings). */
export const memberMessages = {
  /** spec §8 Successes. */
  profileUpdated: "Profil mis à jour",
  profileUpdatedText: "Vos informations ont été sauvegardées.",
  /** spec §8 Profile failure. */
  profileUpdateFailed: "Impossible de mettre à jour le profil",
  settingsSaved: "Paramètres sauvegardés",
  settingsUpdated: "Paramètres mis à jour",
  /** spec §8 Subscription: « Impossible de mettre à jour les paramètres ». */
  settingsFailed: "Impossible de mettre à jour les paramètres",
  dataErased: "Données effacées",
  dataExported: "Données exportées",
  /** spec §8 Settings. */
  exportFailed: "Impossible d'exporter les données.",
  eraseFailed: "Impossible d'effacer toutes les données. Certaines données locales ont été supprimées.",
  /** spec §5 Settings confirmations, word for word. */
  confirmClearHistory: "Êtes-vous sûr de vouloir effacer tout votre historique ?",
  confirmEraseAll: "Êtes-vous sûr de vouloir effacer toutes vos données ? Cette action est irréversible.",
  accountDeleted: "Compte supprimé",
  avatarInvalid:
    "L'avatar doit être une adresse https:// d'au plus 2 048 caractères ou l'un des avatars proposés.",
  usernameInvalid: authMessages.usernameInvalid,
  usernameTaken: authMessages.usernameTaken,
  usernameLookAlike: authMessages.usernameLookAlike,
  nothingToUpdate: "Aucune modification à enregistrer.",
  unknownField: "Champ inconnu : ce fichier ou cette requête contient une donnée que Bobine ne connaît pas.",
  notifications: "Les notifications sont activées ou désactivées (vrai ou faux).",
  autoplay: "La lecture automatique est activée ou désactivée (vrai ou faux).",
  subtitles: "Les sous-titres sont activés ou désactivés (vrai ou faux).",
  quality: "Qualité inconnue : auto, 480p, 720p, 1080p ou 4K.",
  language: "Langue inconnue : français, anglais, espagnol, allemand ou italien.",
  maturity: "Contrôle parental inconnu : tous publics, 13+ ou 18+.",
  volume: "Le volume doit être un nombre entre 0 et 1.",
  theme: "Thème inconnu : sombre, clair ou celui du système.",
  preferredMethod: "Moyen de paiement inconnu : carte, PayPal ou Paysafecard.",
  autoRenew: "Le renouvellement automatique n'est possible qu'avec la carte ou PayPal.",
  notifyBeforeDays: "Le rappel se fait 1, 2, 3 ou 7 jours avant l'échéance.",
  importInvalid: "Fichier de paramètres invalide",
  importNotJson: "Ce fichier n'est pas un fichier JSON.",
  importTooLarge: "Ce fichier est trop volumineux pour des paramètres (100 Ko au plus).",
  passwordRequired: "Saisissez votre mot de passe pour confirmer.",
  passwordWrong: "Mot de passe incorrect.",
  protectedAccount: "Ce compte est protégé : il ne peut pas être supprimé.",
  lastAdministrator: "Vous êtes le dernier administrateur : nommez-en un autre avant de supprimer ce compte.",
} as const;

/** An object that refuses unknown fields with a French message (a role, an id… sent by a client). */
const unknownFieldsError = (issue: { code?: string }) =>
  issue.code === "unrecognized_keys" ? memberMessages.unknownField : undefined;

/* ------------------------------------------------------------------ profile */

/**
 * Built-in avatars (an https URL or one of a few built-in avatars), stored as
 * `builtin:<name>` and drawn by the web app (no request to any other site).
 */
export const BUILTIN_AVATARS = ["bobine", "clap", "etoile", "popcorn", "masque", "camera"] as const;
export type BuiltinAvatar = (typeof BUILTIN_AVATARS)[number];
export const builtinAvatarValue = (name: BuiltinAvatar) => `builtin:${name}`;
export const AVATAR_URL_MAX = 2048;

/**
 * An avatar URL is only ever https, without credentials, to a public named host (SECURITY-CHECKLIST
 * 28: no javascript:, data:, plain http, loopback, local names or bare IP addresses, whatever form
 * the host is written in: `publicUrl`), and length-limited.
 */
export function isSafeAvatar(value: string): boolean {
  if ((BUILTIN_AVATARS as readonly string[]).some((name) => value === `builtin:${name}`)) return true;
  if (value.length > AVATAR_URL_MAX || /[\s<>"'`\\]/.test(value)) return false;
  return publicUrl(value, { protocols: ["https:"] }) !== null;
}

export const avatarValue = text({
  max: AVATAR_URL_MAX,
  required: memberMessages.avatarInvalid,
  tooLong: memberMessages.avatarInvalid,
}).refine(isSafeAvatar, memberMessages.avatarInvalid);

export const usernameValue = username(memberMessages.usernameInvalid);

/** spec §7 profiles: update {username, avatar}; anything else (role, id, e-mail) is refused. */
export const updateProfileBody = z
  .strictObject(
    { username: usernameValue.optional(), avatar: avatarValue.nullable().optional() },
    { error: unknownFieldsError },
  )
  .refine((b) => b.username !== undefined || b.avatar !== undefined, memberMessages.nothingToUpdate);
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** spec §3 Activity item. */
export const activityTypes = ["watch", "favorite", "rate", "like"] as const;
export const activityItem = z.object({
  type: z.enum(activityTypes),
  videoId: z.uuid(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  videoType: z.enum(["movie", "series"]),
  category: z.string().nullable(),
  averageRating: z.number(),
  /** The member's rating of the video (the rating given, for a `rate` item), or null. */
  userRating: z.number().int().nullable(),
  /** For a `watch` item: the progress (0 to 1) and the episode, when it was one. */
  progress: z.number().nullable(),
  episodeTitle: z.string().nullable(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  date: z.iso.datetime({ offset: true }),
});
export type ActivityItem = z.infer<typeof activityItem>;

/** spec §9: activity list 10. */
export const ACTIVITY_LIMIT = 10;

/** spec §3 User stats. */
export const userStats = z.object({
  /** Distinct videos in the watch history. */
  totalWatched: z.number().int(),
  totalFavorites: z.number().int(),
  totalRatings: z.number().int(),
  /** Sum of the history's positions, in hours, one decimal. */
  totalHours: z.number(),
});
export type UserStats = z.infer<typeof userStats>;

export const profileResponse = z.object({
  user: sessionUser,
  stats: userStats,
  activities: z.array(activityItem),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

export const getProfile = endpoint({
  method: "GET",
  path: "/api/me/profile",
  summary: "Profil du membre connecté : identité, statistiques et 10 dernières activités",
  tags: ["member"],
  access: "member",
  response: profileResponse,
});

export const updateProfile = endpoint({
  method: "PATCH",
  path: "/api/me/profile",
  summary: "Modifie le nom d'utilisateur et l'avatar (mêmes règles que l'inscription)",
  tags: ["member"],
  access: "member",
  body: updateProfileBody,
  response: z.object({ user: sessionUser, message: z.string() }),
});

/* ----------------------------------------------------------------- settings */

/** spec §9 Quality options. */
export const QUALITIES = ["auto", "low", "medium", "high", "ultra"] as const;
/** spec §9 interface languages. */
export const LANGUAGES = ["fr", "en", "es", "de", "it"] as const;
/**
 * spec §9 Maturity: the highest maturity of the videos shown (docs/decisions/008-parental-control.md):
 * `all` shows « Tous publics » videos only, `teen` adds 13+, `mature` shows everything.
 */
export const MATURITIES = ["all", "teen", "mature"] as const;
export type Maturity = (typeof MATURITIES)[number];
/** The video maturities each setting shows (docs/decisions/008-parental-control.md). */
export const ALLOWED_MATURITIES: Record<Maturity, readonly Maturity[]> = {
  all: ["all"],
  teen: ["all", "teen"],
  mature: ["all", "teen", "mature"],
};
export const THEMES = ["dark", "light", "system"] as const;
/** spec §3 Billing settings; auto-renew applies to card and paypal only (spec §9). */
export const PAYMENT_METHODS = ["card", "paypal", "paysafecard"] as const;
export const AUTO_RENEW_METHODS = ["card", "paypal"] as const;
/** spec §9: reminder options 1, 2, 3, 7 days; default 2. */
export const REMINDER_DAYS = [1, 2, 3, 7] as const;

const bool = (message: string) => z.boolean({ error: message });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

const billingShape = {
  preferredMethod: oneOf(PAYMENT_METHODS, memberMessages.preferredMethod),
  /** Auto-renew of the preferred method (always false for paysafecard: manual renewal only). */
  autoRenew: bool(memberMessages.autoRenew),
  notifyBeforeDays: z
    .number({ error: memberMessages.notifyBeforeDays })
    .refine((n) => (REMINDER_DAYS as readonly number[]).includes(n), memberMessages.notifyBeforeDays),
};
const billingFields = z.strictObject(billingShape, { error: unknownFieldsError });

/** spec §3 Local user settings, plus the billing preferences. */
const settingsShape = {
  notifications: bool(memberMessages.notifications),
  autoplay: bool(memberMessages.autoplay),
  quality: oneOf(QUALITIES, memberMessages.quality),
  language: oneOf(LANGUAGES, memberMessages.language),
  subtitles: bool(memberMessages.subtitles),
  maturity: oneOf(MATURITIES, memberMessages.maturity),
  volume: z
    .number({ error: memberMessages.volume })
    .min(0, memberMessages.volume)
    .max(1, memberMessages.volume),
  theme: oneOf(THEMES, memberMessages.theme),
  billing: billingFields,
};
export const memberSettings = z.strictObject(settingsShape, { error: unknownFieldsError });
export type MemberSettings = z.infer<typeof memberSettings>;

/** spec §9 defaults (autoplay, subtitles, notifications on; volume 0.8; reminder 2 days). */
export const DEFAULT_SETTINGS: MemberSettings = {
  notifications: true,
  autoplay: true,
  quality: "auto",
  language: "fr",
  subtitles: true,
  maturity: "mature",
  volume: 0.8,
  theme: "dark",
  billing: { preferredMethod: "card", autoRenew: true, notifyBeforeDays: 2 },
};

const noAutoRenewWithout = (b: { preferredMethod?: string; autoRenew?: boolean }) =>
  !(b.autoRenew === true && b.preferredMethod === "paysafecard");

/**
 * PUT body: the fields sent are replaced, the others kept (each change of the screen is saved on
 * its own; an imported file sends them all). Unknown fields are refused.
 */
export const updateSettingsBody = z
  .strictObject(
    {
      ...settingsShape,
      billing: z.strictObject(billingShape, { error: unknownFieldsError }).partial(),
    },
    { error: unknownFieldsError },
  )
  .partial()
  .refine((b) => !b.billing || noAutoRenewWithout(b.billing), {
    path: ["billing", "autoRenew"],
    message: memberMessages.autoRenew,
  });
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;

/**
 * An imported settings file: the settings object itself, or a whole export of « Exporter mes
 * données » (its `settings` part is used). Checked with the same rules as the server's.
 */
export const settingsImportFile = z.union([
  memberSettings.refine((s) => noAutoRenewWithout(s.billing), memberMessages.autoRenew),
  z.looseObject({ settings: memberSettings }).transform((f) => f.settings),
]);

/** spec §4 Subscription display states. */
export const subscriptionStates = ["none", "active", "expiring", "expired"] as const;
export const subscriptionStatus = z.object({
  state: z.enum(subscriptionStates),
  planName: z.string().nullable(),
  planCode: z.string().nullable(),
  /** End of the period (null: lifetime or never subscribed). */
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  /** Whole days left counted on Paris calendar days (0 = ends today), null without an end. */
  daysLeft: z.number().int().nullable(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

export const settingsResponse = z.object({
  settings: memberSettings,
  subscription: subscriptionStatus,
});
export type SettingsResponse = z.infer<typeof settingsResponse>;

export const getSettings = endpoint({
  method: "GET",
  path: "/api/me/settings",
  summary: "Paramètres du membre (spec §3) et état de son abonnement (heure de Paris)",
  tags: ["member"],
  access: "member",
  response: settingsResponse,
});

export const updateSettings = endpoint({
  method: "PUT",
  path: "/api/me/settings",
  summary: "Enregistre les paramètres envoyés (les autres restent inchangés)",
  tags: ["member"],
  access: "member",
  body: updateSettingsBody,
  response: settingsResponse,
});

/* ------------------------------------------------------------- your data */

const iso = z.iso.datetime({ offset: true });
const isoOrNull = iso.nullable();

/** Everything Bobine holds about the member (« Exporter mes données »), without secrets. */
export const memberExport = z.object({
  format: z.literal("bobine-export/1"),
  exportedAt: iso,
  profile: z.object({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    avatar: z.string().nullable(),
    role: z.string(),
    createdAt: iso,
  }),
  settings: memberSettings,
  favorites: z.array(z.object({ videoId: z.uuid(), title: z.string(), addedAt: iso })),
  likes: z.array(z.object({ videoId: z.uuid(), title: z.string(), likedAt: iso })),
  ratings: z.array(
    z.object({
      videoId: z.uuid(),
      title: z.string(),
      rating: z.number().int(),
      createdAt: iso,
      updatedAt: iso,
    }),
  ),
  history: z.array(
    z.object({
      id: z.uuid(),
      videoId: z.uuid(),
      title: z.string(),
      episodeId: z.uuid().nullable(),
      episodeTitle: z.string().nullable(),
      progress: z.number(),
      currentPosition: z.number(),
      totalDuration: z.number(),
      watchedAt: iso,
      updatedAt: iso,
    }),
  ),
  notifications: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      message: z.string(),
      isRead: z.boolean(),
      readAt: isoOrNull,
      createdAt: iso,
    }),
  ),
  subscriptions: z.array(
    z.object({
      id: z.uuid(),
      planCode: z.string(),
      planName: z.string(),
      status: z.string(),
      paymentMethod: z.string().nullable(),
      currentPeriodEnd: isoOrNull,
      autoRenew: z.boolean(),
      createdAt: iso,
      updatedAt: iso,
    }),
  ),
  /** Amounts and states only: no provider reference or token. */
  payments: z.array(
    z.object({
      id: z.uuid(),
      planCode: z.string(),
      provider: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      status: z.string(),
      createdAt: iso,
      updatedAt: iso,
    }),
  ),
  giftSubscriptions: z.array(
    z.object({ id: z.uuid(), planCode: z.string(), durationMonths: z.number().int(), createdAt: iso }),
  ),
  /** Access periods, whatever paid for or gave them (docs/decisions/012-entitlements.md). */
  entitlements: z.array(
    z.object({
      id: z.uuid(),
      planCode: z.string(),
      source: z.string(),
      startsAt: iso,
      endsAt: iso.nullable(),
      revokedAt: iso.nullable(),
    }),
  ),
  /** Open sessions: where and when, never the token or its hash. */
  sessions: z.array(
    z.object({
      id: z.uuid(),
      current: z.boolean(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
      createdAt: iso,
      expiresAt: iso,
    }),
  ),
});
export type MemberExport = z.infer<typeof memberExport>;

export const exportData = endpoint({
  method: "GET",
  path: "/api/me/export",
  summary: "Télécharge (pièce jointe JSON) tout ce que Bobine conserve sur le membre",
  tags: ["member"],
  access: "member",
  produces: "json-attachment",
  response: memberExport,
});

export const eraseData = endpoint({
  method: "POST",
  path: "/api/me/erase",
  summary:
    "Efface favoris, notes, J'aime, historique, notifications et paramètres du membre, en une seule transaction",
  tags: ["member"],
  access: "member",
  response: z.object({ message: z.string() }),
});

export const deleteAccountBody = z.strictObject(
  {
    password: secretText({
      max: 1024,
      required: memberMessages.passwordRequired,
      tooLong: memberMessages.passwordWrong,
    }),
  },
  { error: unknownFieldsError },
);

export const deleteAccount = endpoint({
  method: "DELETE",
  path: "/api/me",
  summary:
    "Supprime le compte après saisie du mot de passe : données personnelles effacées, sessions fermées",
  tags: ["member"],
  access: "member",
  body: deleteAccountBody,
  response: z.null(),
});
