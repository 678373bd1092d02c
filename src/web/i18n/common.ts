import { errorMessages } from "#contract/errors";
import { count, nbsp } from "./typography.ts";

export const brandName = "Bobine";

export const metaText = {
  defaultTitle: "Bobine — Films et séries en streaming",
  pageTitle: (screen: string) => `${screen} · Bobine`,
} as const;

/** The file inputs (components/ui/file-field.tsx), drawn in French whatever the browser's language. */
export const fileFieldText = {
  choose: "Choisir un fichier",
  none: "Aucun fichier choisi",
} as const;

export const commonText = {
  loading: "Chargement...",
  retry: "Réessayer",
  back: "Retour",
  home: "Accueil",
  backHome: "Retour à l'accueil",
  comingSoon: "Bientôt disponible",
  comingSoonText: `Cet écran arrive très prochainement sur Bobine. En attendant, d'autres films et séries vous attendent${nbsp}!`,
  genericError: errorMessages.INTERNAL_ERROR,
} as const;

export const navText = {
  skipToContent: "Aller au contenu",
  mainLabel: "Navigation principale",
  mobileLabel: "Navigation mobile",
  brandHome: "Bobine — Accueil",
  home: "Accueil",
  series: "Séries",
  movies: "Films",
  browse: "Explorer",
  login: "Connexion",
  register: "S'inscrire",
  openMenu: "Ouvrir le menu",
  closeMenu: "Fermer le menu",
  myList: "Ma liste",
} as const;

/** spec §2 Header, signed in: the user menu. */
export const accountText = {
  menuLabel: (username: string) => `Menu du compte de ${username}`,
  sectionLabel: "Mon compte",
  profile: "Profil",
  myList: "Ma liste",
  history: "Historique",
  settings: "Paramètres",
  admin: "Administration",
  logout: "Déconnexion",
} as const;

export const toastText = {
  region: "Notifications",
  close: "Fermer la notification",
} as const;

/** Screen titles (the h1 of each route and the document title). */
export const screenTitles = {
  home: "Accueil",
  series: "Séries",
  movies: "Films",
  browse: "Explorer",
  search: "Recherche",
  categories: "Catégories",
  topRated: "Les mieux notés",
  player: "Lecture",
  info: "Plus d'infos",
  favorites: "Ma liste",
  history: "Historique",
  profile: "Profil",
  settings: "Paramètres",
  adminSettings: "Paramètres administrateur",
  admin: "Administration",
  login: "Connexion",
  register: "Inscription",
  reset: "Mot de passe oublié",
  resetPassword: "Nouveau mot de passe",
  subscription: "Abonnements",
  subscriptionSuccess: "Paiement réussi",
  paysafecard: "Paiement Paysafecard",
  crypto: "Paiement en cryptomonnaie",
} as const;

export const videoText = {
  /** spec §8 Video: 'Vidéo non trouvée' with this text, word for word (the player and the info view). */
  notFound: "La vidéo demandée n'est pas disponible",
  badge: { series: "SÉRIE", movie: "FILM" },
  seasons: (n: number, formatted: string) => count(formatted, n, "saison", "saisons"),
  rating: (formatted: string) => `Note moyenne${nbsp}: ${formatted} sur 5`,
  unrated: "Pas encore noté",
  match: (percent: string) => `${percent} de correspondance`,
  /** spec §2 second card style: views as K or M. */
  views: (n: number, formatted: string) => count(formatted, n, "vue", "vues"),
} as const;

/** spec §2: the grid of 2 to 6 configurable columns. */
export const gridText = {
  columns: "Colonnes",
} as const;

/** Messages of the API client when the server could not give its own. */
export const apiText = {
  network: "Impossible de joindre le serveur. Vérifiez votre connexion.",
  timeout: "Le serveur met trop de temps à répondre.",
  invalidResponse: "Le serveur a renvoyé une réponse inattendue.",
} as const;
