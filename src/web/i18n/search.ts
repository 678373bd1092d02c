import { count, nbsp } from "./typography.ts";

/** spec §2 "Header" search box, "Explore (/browse) and Search". */
export const discoveryText = {
  searchLabel: "Rechercher un film ou une série",
  searchPlaceholder: "Titres, genres…",
  suggestionsLabel: "Suggestions",
  seeAll: "Voir tous les résultats",
  /** Header suggestions with no match: the spec's empty-result text (§2 Explore and Search). */
  noSuggestion: "Aucun résultat trouvé",
  searching: "Recherche en cours…",
  clearQuery: "Effacer la recherche",
  /**
   * `atLeast`: a broad search stopped counting (« 1 000+ résultats »); `estimate`: too many to
   * count, the database's estimate (« environ 99 000 résultats »).
   */
  results: (n: number, formatted: string, atLeast = false, estimate = false) =>
    atLeast
      ? `${formatted}+${nbsp}résultats`
      : estimate
        ? `environ ${formatted}${nbsp}résultats`
        : count(formatted, n, "résultat", "résultats"),
  forQuery: (q: string) => `pour «${nbsp}${q}${nbsp}»`,
  sortLabel: "Trier par",
  sorts: {
    relevance: "Pertinence",
    recent: "Plus récents",
    title: "Titre (A-Z)",
    year: "Année",
    rating: "Mieux notés",
    views: "Plus vus",
  },
  filters: "Filtres",
  activeFilters: (n: number) => count(n, n, "filtre actif", "filtres actifs"),
  clearFilters: "Effacer les filtres",
  categories: "Catégories",
  language: "Langue",
  allLanguages: "Toutes les langues",
  languages: { fr: "FR", en: "EN", es: "ES", de: "DE", it: "IT" },
  yearMin: "Année min.",
  yearMax: "Année max.",
  /** spec §5: the year filter goes from 1900 to this year; an entry outside is not applied. */
  yearOutOfRange: (min: string, max: string) => `Entre ${min} et ${max}${nbsp}: filtre non appliqué.`,
  ratingMin: "Note min.",
  ratingMax: "Note max.",
  rating: "Note",
  view: "Affichage",
  viewModern: "Moderne",
  viewClassic: "Grille Classique",
  sectionCount: (n: number, formatted: string) => count(formatted, n, "vidéo", "vidéos"),
  noResults: "Aucun résultat trouvé",
  noResultsText: "Essayez d'autres mots, vérifiez l'orthographe ou élargissez vos critères.",
  suggestionsTitle: "Vous aimerez peut-être",
  browseCategories: "Parcourir les catégories",
  loadMore: "Voir plus",
  errorTitle: "Impossible de charger les résultats",
  /** docs/decisions/050-dialogue-search.md: lines of dialogue matching the search. */
  dialoguesTitle: "Dans les dialogues",
  dialogueEpisode: (season: number, episode: number, title: string) =>
    `S${season} É${episode}${nbsp}· ${title}`,
  dialoguePlay: (title: string, time: string) => `Lire ${title} à ${time}`,
} as const;
