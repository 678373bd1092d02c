import { z } from "zod";

/**
 * Typed error codes (ARCHITECTURE rule 3). The server answers `{ code, message, requestId }`;
 * the web maps codes to toasts or to /error/{code}. The French message of each code is
 * `errorMessages` below; the error page's longer texts live in the web's i18n.
 */
export const errorCodes = [
  "VALIDATION_ERROR",
  "UNAUTHENTICATED",
  "ACCESS_DENIED",
  "NOT_FOUND",
  "VIDEO_NOT_FOUND",
  "CONFLICT",
  "ALREADY_FAVORITE",
  "RATE_LIMITED",
  "TOO_MANY_STREAMS",
  "SUBSCRIPTION_REQUIRED",
  "REQUEST_TIMEOUT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RANGE_NOT_SATISFIABLE",
  "HEADERS_TOO_LARGE",
  "SERVICE_UNAVAILABLE",
  "INTERNAL_ERROR",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * The French message of each code (ARCHITECTURE rule 3), written once: the server's error catalogue
 * answers with it and the web shows it.
 */
export const errorMessages = {
  VALIDATION_ERROR: "Requête invalide : vérifiez les informations saisies.",
  UNAUTHENTICATED: "Authentification requise",
  ACCESS_DENIED: "Accès refusé",
  NOT_FOUND: "Ressource introuvable",
  VIDEO_NOT_FOUND: "Vidéo non trouvée",
  CONFLICT: "Cette opération entre en conflit avec l'état actuel.",
  /** spec §8 Favourites: duplicate favourite. */
  ALREADY_FAVORITE: "Déjà en favoris",
  RATE_LIMITED: "Trop de requêtes",
  TOO_MANY_STREAMS: "Limite de streams atteinte",
  // spec §2 Subscription guard: the web shows the premium paywall for this code.
  SUBSCRIPTION_REQUIRED: "Un abonnement actif est nécessaire pour regarder ce contenu.",
  REQUEST_TIMEOUT: "La requête est arrivée trop lentement : vérifiez votre connexion et réessayez.",
  PAYLOAD_TOO_LARGE: "Le contenu envoyé est trop volumineux.",
  UNSUPPORTED_MEDIA_TYPE: "Type de contenu non pris en charge.",
  RANGE_NOT_SATISFIABLE: "Plage demandée non satisfaisable.",
  HEADERS_TOO_LARGE: "Les en-têtes de la requête sont trop volumineux.",
  SERVICE_UNAVAILABLE: "Le service est momentanément indisponible. Réessayez dans quelques instants.",
  INTERNAL_ERROR: "Une erreur est survenue.",
} as const satisfies Record<ErrorCode, string>;

/**
 * French messages that refine a code for one cause: an unknown route (spec §7: 'Route non
 * implémentée') or file, a body that is not JSON or in an unknown encoding, a state change from another
 * site (SECURITY-CHECKLIST 13), a request HTTP itself cannot read, a server that is stopping.
 */
export const requestMessages = {
  routeNotImplemented: "Route non implémentée",
  fileNotFound: "Fichier introuvable.",
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  foreignOrigin: "Requête refusée : origine non autorisée.",
  unsupportedEncoding: "Encodage du corps de la requête (Content-Encoding) non pris en charge.",
  undecodableBody: "Le corps compressé de la requête est illisible.",
  malformedRequest: "Requête HTTP mal formée.",
  shuttingDown: "Le serveur redémarre : réessayez dans quelques instants.",
} as const;

export const apiErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  requestId: z.string().optional(),
  /** Field-level French messages for a VALIDATION_ERROR, keyed by field path. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
