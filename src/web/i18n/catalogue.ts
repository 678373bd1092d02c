import { count, nbsp } from "./typography.ts";

export const homeText = {
  loading: "Chargement du contenu...",
  play: "Lecture",
  moreInfo: "Plus d'infos",
  featured: "À la une",
  catalogueTitle: "Tout le catalogue",
  titleCount: (n: number, formatted: string) => count(formatted, n, "titre", "titres"),
  errorTitle: "Impossible de charger le catalogue",
  errorHint: "Réessayez dans quelques instants.",
  emptyTitle: "Le catalogue est vide pour l'instant",
  emptyText: "Aucun film ni aucune série n'a encore été ajouté. Revenez très bientôt.",
  refresh: "Actualiser",
  /** spec §2 Home: rail titles, word for word. */
  rails: {
    trending: "Tendances actuelles",
    premium: "Sélection Premium",
    newest: "Nouveautés",
    movies: "Films incontournables",
    series: "Séries à binge-watcher",
    genre: (name: string) => `Sélection ${name}`,
    discover: "Découvrir plus",
  },
  railPrevious: (title: string) => `Titres précédents de «${nbsp}${title}${nbsp}»`,
  railNext: (title: string) => `Titres suivants de «${nbsp}${title}${nbsp}»`,
} as const;

/** spec §2 Series and Films pages: hero and three rows of 10. */
export const landingText = {
  movie: {
    popular: "Films populaires",
    newest: "Nouveautés",
    topRated: "Les mieux notés",
    emptyTitle: "Aucun film pour l'instant",
    emptyText: "Aucun film n'a encore été ajouté au catalogue. Découvrez les séries en attendant.",
    emptyLink: "Voir les séries",
  },
  series: {
    popular: "Séries populaires",
    newest: "Nouveautés",
    topRated: "Les mieux notées",
    emptyTitle: "Aucune série pour l'instant",
    emptyText: "Aucune série n'a encore été ajoutée au catalogue. Découvrez les films en attendant.",
    emptyLink: "Voir les films",
  },
} as const;
