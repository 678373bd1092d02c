import { count, nbsp } from "./typography.ts";

/** spec §2 History, §4 History class, §5 (clear-all confirmation), and the home's resume rail. */
export const historyText = {
  title: "Historique",
  count: (n: number, formatted: string) => count(formatted, n, "titre", "titres"),
  filterLabel: "Afficher",
  filters: { all: "Tout", "in-progress": "En cours", completed: "Terminés" },
  sortLabel: "Trier par",
  sorts: { recent: "Vus récemment", oldest: "Plus anciens", title: "Titre (A-Z)", progress: "Progression" },
  /** spec §4 History class. */
  status: { completed: "Terminé", "in-progress": "En cours" },
  episode: (season: number, episode: number) => `S${season}${nbsp}· É${episode}`,
  episodeFull: (season: number, episode: number, title: string) =>
    `Saison ${season}, épisode ${episode}${nbsp}: ${title}`,
  progress: (percent: string) => `Progression${nbsp}: ${percent}`,
  remaining: (minutes: string) => `Reste ${minutes}${nbsp}min`,
  watchedOn: (date: string) => `Vu le ${date}`,
  resumeLink: (title: string) => `Reprendre «${nbsp}${title}${nbsp}»`,
  remove: (title: string) => `Retirer «${nbsp}${title}${nbsp}» de l'historique`,
  clearAll: "Tout effacer",
  /** spec §5 Settings: the clear-history confirmation, word for word. */
  // The contract's memberMessages.confirmClearHistory has a plain space before « ? »; the screen
  // keeps French typography (spec §5 text, word for word).
  confirmClear: `Êtes-vous sûr de vouloir effacer tout votre historique${nbsp}?`,
  confirmClearText: "Les positions de reprise seront aussi effacées. Cette action est irréversible.",
  confirm: "Effacer",
  cancel: "Annuler",
  loadMore: "Voir plus",
  toasts: {
    removed: "Retiré de l'historique",
    removeFailed: "Impossible de retirer de l'historique",
    cleared: "Historique effacé",
    clearFailed: "Impossible d'effacer l'historique",
  },
  emptyTitle: "Votre historique est vide",
  emptyText:
    "Les films et les séries que vous regardez apparaîtront ici, avec l'endroit où vous vous êtes arrêté.",
  discover: "Découvrir du contenu",
  emptyFilteredTitle: "Aucun titre ici",
  emptyFiltered: {
    "in-progress": "Vous n'avez aucun titre en cours.",
    completed: "Vous n'avez encore terminé aucun titre.",
  },
  showAll: "Tout afficher",
  signedOutTitle: "Connectez-vous",
  signedOutText: `Accès refusé${nbsp}: connectez-vous pour retrouver votre historique.`,
  signIn: "Se connecter",
  errorTitle: "Impossible de charger votre historique",
  /** The home's first rail for a member. */
  continueRail: "Reprendre la lecture",
} as const;
