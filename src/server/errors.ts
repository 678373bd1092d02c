import type { ErrorCode } from "#contract/errors";

/**
 * The error catalogue (ARCHITECTURE rule 3): each code has its HTTP status and its French
 * message; services throw AppError, the error handler turns it into `{ code, message, requestId }`.
 */
export const errorCatalogue: Record<ErrorCode, { status: number; message: string }> = {
  VALIDATION_ERROR: { status: 400, message: "Requête invalide : vérifiez les informations saisies." },
  UNAUTHENTICATED: { status: 401, message: "Authentification requise" },
  ACCESS_DENIED: { status: 403, message: "Accès refusé" },
  NOT_FOUND: { status: 404, message: "Ressource introuvable" },
  VIDEO_NOT_FOUND: { status: 404, message: "Vidéo non trouvée" },
  CONFLICT: { status: 409, message: "Cette opération entre en conflit avec l'état actuel." },
  /** spec §8 Favourites: duplicate favourite. */
  ALREADY_FAVORITE: { status: 409, message: "Déjà en favoris" },
  RATE_LIMITED: { status: 429, message: "Trop de requêtes" },
  // A conflict with the member's other playing devices, not a rate: 409 (docs/decisions/006-stream.md).
  TOO_MANY_STREAMS: { status: 409, message: "Limite de streams atteinte" },
  // spec §2 Subscription guard: the web shows the premium paywall for this code.
  SUBSCRIPTION_REQUIRED: {
    status: 403,
    message: "Un abonnement actif est nécessaire pour regarder ce contenu.",
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Le contenu envoyé est trop volumineux." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Type de contenu non pris en charge." },
  RANGE_NOT_SATISFIABLE: { status: 416, message: "Plage demandée non satisfaisable." },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: "Le service est momentanément indisponible. Réessayez dans quelques instants.",
  },
  INTERNAL_ERROR: { status: 500, message: "Une erreur est survenue." },
};

/** Specific French messages that refine a code (spec §7, §8). */
export const messages = {
  routeNotImplemented: "Route non implémentée",
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  foreignOrigin: "Requête refusée : origine non autorisée.",
} as const;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.status = errorCatalogue[code].status;
  }
}
