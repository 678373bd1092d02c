import { count, nbsp } from "./typography.ts";

/** spec §2 "Categories page": four counters, genre buttons with counts, grid, empty state. */
export const categoriesPageText = {
  intro: "Parcourez le catalogue genre par genre.",
  countersLabel: "Le catalogue en chiffres",
  totalVideos: "Vidéos",
  totalCategories: "Catégories",
  totalViews: "Vues au total",
  bestRating: "Meilleure note",
  bestRatingValue: (formatted: string) => `${formatted}${nbsp}/${nbsp}5`,
  bestRatedBy: (title: string) => `«${nbsp}${title}${nbsp}»`,
  noRatingYet: "Aucune note pour l'instant",
  genresLabel: "Filtrer par genre",
  all: "Tout",
  genreCount: (n: number, formatted: string) => count(formatted, n, "vidéo", "vidéos"),
  /** `estimate`: too many to count, the database's estimate (« environ 99 000 vidéos »). */
  shown: (n: number, formatted: string, genre: string | null, estimate = false) =>
    `${estimate ? `environ ${formatted}${nbsp}vidéos` : count(formatted, n, "vidéo", "vidéos")}${genre ? ` en «${nbsp}${genre}${nbsp}»` : " dans tout le catalogue"}`,
  loading: "Chargement des vidéos…",
  emptyTitle: "Aucune vidéo dans cette catégorie",
  emptyText: (genre: string) =>
    `Le genre «${nbsp}${genre}${nbsp}» ne contient encore aucune vidéo. Découvrez tout le catalogue en attendant.`,
  showAll: "Afficher toutes les vidéos",
  catalogueEmptyTitle: "Le catalogue est vide pour l'instant",
  catalogueEmptyText: "Aucun film ni aucune série n'a encore été ajouté. Revenez très bientôt.",
  loadMore: "Voir plus",
  errorTitle: "Impossible de charger les catégories",
} as const;

/** spec §2 "Top-rated": up to 12 videos, rank badges for the first three, summary stats. */
export const topRatedText = {
  intro: `Le classement des membres${nbsp}: une note pèse d'autant plus que beaucoup l'ont donnée.`,
  refreshNote: "Classement actualisé toutes les 30 secondes.",
  statsLabel: "Le classement en chiffres",
  averageRating: "Note moyenne",
  averageRatingValue: (formatted: string) => `${formatted}${nbsp}/${nbsp}5`,
  totalRatings: "Notes données",
  totalViews: "Vues cumulées",
  listLabel: "Classement des vidéos les mieux notées",
  rank: (n: number) => `N°${nbsp}${n}`,
  loading: "Chargement du classement…",
  emptyTitle: "Aucune vidéo notée pour l'instant",
  emptyText: "Le classement apparaîtra dès que les membres auront noté des films ou des séries.",
  emptyAction: "Explorer le catalogue",
  errorTitle: "Impossible de charger le classement",
} as const;
