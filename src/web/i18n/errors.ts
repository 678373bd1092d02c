import { errorMessages } from "#contract/errors";
import { nbsp } from "./typography.ts";

/** spec §2 "Error page" and §8 "Error page codes". */
export const errorPageText = {
  suggestionsTitle: `Que pouvez-vous faire${nbsp}?`,
  suggestions: [
    "Vérifiez votre connexion Internet.",
    "Réessayez dans quelques instants.",
    "Si le problème persiste, contactez le support en indiquant le code ci-dessous.",
  ],
  codeLabel: "Code",
  supportFooter: `Code à communiquer au support${nbsp}:`,
  codes: {
    VIDEO_NOT_FOUND: {
      title: "Contenu introuvable",
      description: "Ce film ou cette série n'existe pas, ou n'est plus disponible dans le catalogue.",
    },
    ACCESS_DENIED: {
      title: errorMessages.ACCESS_DENIED,
      description:
        "Vous n'avez pas les droits nécessaires pour accéder à ce contenu. Vérifiez que vous êtes connecté avec le bon compte.",
    },
    CONNECTION_TIMEOUT: {
      title: "Connexion expirée",
      description:
        "Le serveur a mis trop de temps à répondre. Votre connexion est peut-être lente ou instable.",
    },
    NETWORK_ERROR: {
      title: "Problème de réseau",
      description: "Impossible de joindre Bobine. Vérifiez que votre appareil est bien connecté à Internet.",
    },
    RATE_LIMITED: {
      title: errorMessages.RATE_LIMITED,
      description:
        "Vous avez effectué trop de demandes en peu de temps. Patientez un instant avant de réessayer.",
    },
    TOO_MANY_STREAMS: {
      title: errorMessages.TOO_MANY_STREAMS,
      description:
        "Vous regardez déjà du contenu sur le nombre maximal d'écrans prévu par votre abonnement. Arrêtez la lecture sur un autre appareil pour continuer.",
    },
    UNKNOWN_ERROR: {
      title: "Erreur inattendue",
      description:
        "Une erreur imprévue s'est produite. Ce n'est pas de votre faute, et nous en sommes désolés.",
    },
  },
} as const;

/** spec §2: "/404 and any other path". */
export const notFoundText = {
  code: "404",
  title: "Page non trouvée",
  description: "La page que vous cherchez n'existe pas ou a été déplacée.",
  search: "Rechercher un titre",
} as const;
