import { libraryMessages } from "#contract/library";
import { count, nbsp } from "./typography.ts";

/** spec §2 "Favourites / Ma liste", §8 Favourites and Ratings messages. */
export const libraryText = {
  /** spec §8 Favourites and Ratings toasts, word for word ('Note retirée' is ours). */
  toasts: {
    added: "Ajouté aux favoris",
    removed: "Retiré des favoris",
    already: libraryMessages.alreadyFavorite,
    alreadyText: libraryMessages.alreadyFavoriteText,
    addFailed: "Impossible d'ajouter aux favoris",
    removeFailed: "Impossible de retirer des favoris",
    rated: "Note enregistrée",
    ratedText: (n: number) => `Vous avez noté cette vidéo ${n}/5.`,
    ratingRemoved: "Note retirée",
    rateFailed: "Impossible d'enregistrer la note",
    rateFailedText: "Une erreur est survenue lors de la notation.",
    liked: "Vous aimez ce titre",
    unliked: "J'aime retiré",
    likeFailed: "Impossible d'enregistrer votre J'aime",
    unlikeFailed: "Impossible de retirer votre J'aime",
  },
  title: "Ma liste",
  count: (n: number, formatted: string) => count(formatted, n, "titre", "titres"),
  sortLabel: "Trier par",
  sorts: {
    recent: "Ajoutés récemment",
    title: "Titre (A-Z)",
    year: "Année",
    rating: "Mieux notés",
    views: "Plus vus",
  },
  tilesLabel: "Votre liste en chiffres",
  tiles: {
    total: "Titres",
    averageRating: "Note moyenne",
    categories: "Catégories",
    totalViews: "Vues cumulées",
  },
  averageValue: (formatted: string) => `${formatted}${nbsp}/${nbsp}5`,
  categoriesTitle: "Vos catégories favorites",
  categoryCount: (name: string, n: number, formatted: string) =>
    `${name}${nbsp}: ${count(formatted, n, "titre", "titres")}`,
  inList: "Dans Ma liste",
  remove: (title: string) => `Retirer «${nbsp}${title}${nbsp}» de Ma liste`,
  loadMore: "Voir plus",
  emptyTitle: "Votre liste est vide",
  emptyText: "Ajoutez des films et des séries à Ma liste pour les retrouver ici en un clic.",
  discover: "Découvrir du contenu",
  signedOutTitle: "Connectez-vous",
  signedOutText: `Accès refusé${nbsp}: connectez-vous pour voir et gérer votre liste.`,
  signIn: "Se connecter",
  errorTitle: "Impossible de charger votre liste",
} as const;
