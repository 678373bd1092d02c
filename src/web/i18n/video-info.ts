import { errorMessages } from "#contract/errors";
import { videoText } from "./common.ts";
import { count, nbsp } from "./typography.ts";

/** spec §2 Video card hover overlay and info modal. */
export const infoText = {
  loading: "Chargement de la vidéo...",
  play: "Lecture",
  playTitle: (title: string) => `Lire ${title}`,
  moreInfo: (title: string) => `Plus d'infos sur ${title}`,
  close: "Fermer",
  addFavorite: "Ajouter à Ma liste",
  removeFavorite: "Retirer de Ma liste",
  favoriteSignIn: "Connectez-vous pour ajouter des titres à Ma liste.",
  like: "J'aime",
  likeHint: `Dites que vous aimez ce titre${nbsp}; votre note, elle, ne change pas.`,
  likedHint: `Vous aimez ce titre${nbsp}; appuyez de nouveau pour retirer votre J'aime.`,
  likeSignIn: "Connectez-vous pour dire que vous aimez ce titre.",
  share: "Partager",
  linkCopied: "Lien copié",
  /** spec §8 Share, word for word; the description gives the link to copy by hand. */
  copyFailed: "Impossible de partager la vidéo.",
  copyFailedText: (url: string) => `Copiez le lien à la main${nbsp}: ${url}`,
  yourRating: "Votre note",
  rateStar: (n: number) => `${n} étoile${n > 1 ? "s" : ""} sur 5`,
  removeRating: "Retirer ma note",
  rateSignIn: "Connectez-vous pour noter ce titre.",
  signIn: "Se connecter",
  likesOf: (n: number, formatted: string) => count(formatted, n, "membre", "membres"),
  averageOf: (value: string, n: number, formatted: string) =>
    `${value}/5 · ${count(formatted, n, "note", "notes")}`,
  episodes: "Épisodes",
  noEpisodes: "Aucun épisode disponible",
  episodeLabel: (season: number, episode: number) => `S${season} É${episode}`,
  allEpisodes: (n: number, formatted: string) =>
    `Voir ${count(formatted, n, "épisode", "épisodes")} dans le lecteur`,
  about: "À propos",
  facts: {
    year: "Année",
    views: "Vues",
    creator: "Créateur",
    language: "Langue",
    duration: "Durée",
    seasons: "Saisons",
    rating: "Note moyenne",
    likes: "J'aime",
    genres: "Genres",
  },
  noCreator: "Équipe Bobine",
  maturity: { all: "Tous publics", teen: "13+", mature: "18+" },
  similar: "Titres similaires",
  noSimilar: "Aucun titre similaire pour l'instant.",
  notFoundTitle: errorMessages.VIDEO_NOT_FOUND,
  notFoundText: videoText.notFound,
  backHome: "Retour à l'accueil",
  /** spec §8 Video, word for word. */
  errorTitle: "Erreur lors du chargement de la vidéo",
} as const;
