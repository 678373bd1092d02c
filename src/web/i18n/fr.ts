/**
 * Every French text of the web app lives here (ARCHITECTURE rule 1). Texts quoted by the spec are
 * kept word for word; the others follow French typography: a non-breaking space (\u00a0) before
 * « : ; ! ? » and inside guillemets. Numbers go through Intl fr-FR (#web/lib/format.ts).
 */

const nbsp = "\u00a0";
const plural = new Intl.PluralRules("fr-FR");

/** "1 saison", "2 saisons": French counts 0 and 1 as singular. */
const count = (n: string | number, value: number, one: string, other: string) =>
  `${n}${nbsp}${plural.select(value) === "one" ? one : other}`;

export const fr = {
  brand: "Bobine",
  meta: {
    defaultTitle: "Bobine — Films et séries en streaming",
    pageTitle: (screen: string) => `${screen} · Bobine`,
  },

  common: {
    loading: "Chargement...",
    retry: "Réessayer",
    back: "Retour",
    home: "Accueil",
    backHome: "Retour à l'accueil",
    comingSoon: "Bientôt disponible",
    comingSoonText: `Cet écran arrive très prochainement sur Bobine. En attendant, d'autres films et séries vous attendent${nbsp}!`,
    genericError: "Une erreur est survenue.",
  },

  nav: {
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
  },

  /** spec §2 Header, signed in: the user menu. */
  account: {
    menuLabel: (username: string) => `Menu du compte de ${username}`,
    sectionLabel: "Mon compte",
    profile: "Profil",
    myList: "Ma liste",
    history: "Historique",
    settings: "Paramètres",
    logout: "Déconnexion",
  },

  /** Account screens (spec §2 Login, Register, Reset password). Spec texts come from authMessages. */
  auth: {
    login: {
      title: "Connexion",
      intro: "Retrouvez vos films, vos séries et votre liste.",
      identifier: "Nom d'utilisateur ou email",
      password: "Mot de passe",
      submit: "Se connecter",
      submitting: "Connexion…",
      forgot: `Mot de passe oublié${nbsp}?`,
      noAccount: `Pas encore de compte${nbsp}?`,
      registerLink: "Créer un compte",
    },
    forgot: {
      title: "Mot de passe oublié",
      intro:
        "Indiquez l'adresse email de votre compte, nous vous enverrons un lien pour choisir un nouveau mot de passe.",
      email: "Adresse email",
      submit: "Envoyer le lien",
      submitting: "Envoi…",
      back: "Retour à la connexion",
    },
    register: {
      title: "Inscription",
      intro: "Créez votre compte en quelques secondes.",
      username: "Nom d'utilisateur",
      email: "Adresse email",
      password: "Mot de passe",
      confirmPassword: "Confirmer le mot de passe",
      passwordHint: (min: number) => `Au moins ${min}${nbsp}caractères.`,
      submit: "Continuer vers la vérification",
      submitting: "Un instant…",
      hasAccount: `Déjà inscrit${nbsp}?`,
      loginLink: "Se connecter",
      createdText: "Votre compte est prêt. Choisissez une formule maintenant ou plus tard.",
      goHome: "Découvrir le catalogue",
    },
    code: {
      title: "Vérifiez votre email",
      intro: "Saisissez le code à six chiffres envoyé à",
      groupLabel: "Code de vérification",
      digit: (n: number) => `Chiffre ${n} sur 6`,
      submit: "Vérifier le code",
      verifying: "Vérification…",
      resend: "Renvoyer le code",
      resendIn: (time: string) => `Renvoyer le code dans ${time}`,
      back: "Retour",
      hint: "Pensez à regarder dans vos courriers indésirables.",
      continuing: "Création de votre compte…",
    },
    reset: {
      title: "Nouveau mot de passe",
      intro: "Choisissez un nouveau mot de passe pour votre compte.",
      password: "Nouveau mot de passe",
      confirmPassword: "Confirmer le mot de passe",
      submit: "Enregistrer le mot de passe",
      submitting: "Enregistrement…",
      redirecting: "Vous allez être redirigé vers la connexion dans 3 secondes.",
      loginNow: "Se connecter maintenant",
      askNewLink: "Demander un nouveau lien",
    },
    showPassword: "Afficher le mot de passe",
    hidePassword: "Masquer le mot de passe",
    required: "(obligatoire)",
  },

  /** spec §2 Plans screen / modal and §9 plan features and payment methods. */
  plans: {
    welcome: (username: string) => `Bienvenue sur Bobine, ${username}`,
    title: "Choisissez votre formule",
    intro: "Films et séries en illimité, sans engagement. Vous pourrez changer de formule à tout moment.",
    close: "Fermer",
    later: "Plus tard",
    perMonth: "/mois",
    methodLegend: "Moyen de paiement",
    methods: {
      paypal: {
        label: "PayPal",
        text: "Carte bancaire ou compte PayPal, renouvellement automatique possible.",
      },
      paysafecard: {
        label: "Paysafecard",
        text: "Carte prépayée, via un ticket au support. Renouvellement manuel uniquement.",
      },
      crypto: { label: "Crypto", text: "Une adresse de portefeuille vous est communiquée pour le paiement." },
    },
    choose: (name: string) => `Choisir ${name}`,
    comingSoon: "Paiement bientôt disponible",
    comingSoonNote: `Le paiement en ligne arrive très prochainement. Votre compte est déjà prêt${nbsp}: profitez du catalogue en attendant.`,
    secure: "Paiement sécurisé, aucune donnée bancaire n'est conservée par Bobine.",
    loadFailed: "Impossible de charger les plans d'abonnement",
  },

  toasts: {
    region: "Notifications",
    close: "Fermer la notification",
  },

  /** Screen titles (the h1 of each route and the document title). */
  screens: {
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
  },

  video: {
    badge: { series: "SÉRIE", movie: "FILM" },
    seasons: (n: number, formatted: string) => count(formatted, n, "saison", "saisons"),
    rating: (formatted: string) => `Note moyenne${nbsp}: ${formatted} sur 5`,
    unrated: "Pas encore noté",
    match: (percent: string) => `${percent} de correspondance`,
    /** spec §2 second card style: views as K or M. */
    views: (n: number, formatted: string) => count(formatted, n, "vue", "vues"),
  },

  /** spec §2 Player, §8 Playback errors, §9 Player limits. */
  player: {
    loading: "Chargement de la vidéo...",
    back: "Retour",
    episodeLabel: (season: number, episode: number) => `Saison ${season} · Épisode ${episode}`,
    episodes: "Épisodes",
    season: (n: number) => `Saison ${n}`,
    closePanel: "Fermer le panneau",
    play: "Lecture",
    pause: "Pause",
    back10: "Reculer de 10 secondes",
    forward10: "Avancer de 10 secondes",
    mute: "Couper le son",
    unmute: "Rétablir le son",
    volume: "Volume",
    seek: "Position de lecture",
    seekValue: (current: string, total: string) => `${current} sur ${total}`,
    speed: "Vitesse de lecture",
    speedValue: (v: number) => (v === 1 ? "Normale" : `${String(v).replace(".", ",")}×`),
    subtitles: "Sous-titres",
    subtitlesOff: "Désactivés",
    fullscreen: "Plein écran",
    exitFullscreen: "Quitter le plein écran",
    pip: "Image dans l'image",
    rate: "Noter",
    rateTitle: (title: string) => `Noter «${nbsp}${title}${nbsp}»`,
    close: "Fermer",
    resumeTitle: `Reprendre la lecture${nbsp}?`,
    resumeAt: (time: string) => `Vous vous êtes arrêté à ${time}.`,
    resume: "Reprendre",
    restart: "Recommencer",
    nextEpisode: "Épisode suivant",
    nextIn: (seconds: number) => `Lecture dans ${seconds} s`,
    playNow: "Lire maintenant",
    cancel: "Annuler",
    notFoundTitle: "Vidéo non trouvée",
    notFoundText: "Cette vidéo n'existe pas ou a été retirée du catalogue.",
    noEpisodes: "Aucun épisode disponible",
    backHome: "Retour à l'accueil",
    retry: "Réessayer",
    authTitle: "Authentification requise",
    authText: "Connectez-vous pour regarder ce contenu.",
    signIn: "Se connecter",
    paywallTitle: "Un abonnement est nécessaire",
    paywallText: "Choisissez une formule pour regarder ce titre et tout le catalogue.",
    /** spec §8 Playback errors, word for word. */
    errors: {
      title: "Erreur de lecture vidéo",
      network: "Erreur de réseau lors du chargement",
      decode: "Erreur de décodage vidéo",
      unsupported: "Format vidéo non supporté",
      aborted: "Chargement interrompu",
      timeout: "Timeout de chargement vidéo",
      loading: (detail: string) => `Erreur de chargement${nbsp}: ${detail}`,
      generic: "Erreur de lecture",
      authExpired: "Erreur d'authentification",
      authExpiredText: `Votre session a expiré${nbsp}: reconnectez-vous.`,
    },
    /** spec §8 Security texts, word for word. */
    guard: {
      title: "Sécurité",
      blocked: "Trop de violations critiques détectées. Accès bloqué.",
      overlayTitle: "Accès Refusé",
      reload: "Recharger la page",
      badge: "Action non autorisée",
      screenshot: "Capture d'écran bloquée",
    },
  },

  /** spec §2 Video card hover overlay and info modal. */
  info: {
    loading: "Chargement de la vidéo...",
    play: "Lecture",
    playTitle: (title: string) => `Lire ${title}`,
    moreInfo: (title: string) => `Plus d'infos sur ${title}`,
    close: "Fermer",
    addFavorite: "Ajouter à Ma liste",
    removeFavorite: "Retirer de Ma liste",
    favoriteSignIn: "Connectez-vous pour ajouter des titres à Ma liste.",
    like: "J'aime",
    liked: "Vous aimez ce titre",
    likeHint: `J'aime note le titre 5/5${nbsp}; appuyez de nouveau pour retirer votre note.`,
    share: "Partager",
    linkCopied: "Lien copié",
    copyFailed: "Impossible de copier le lien",
    copyFailedText: (url: string) => `Copiez-le à la main${nbsp}: ${url}`,
    yourRating: "Votre note",
    rateStar: (n: number) => `${n} étoile${n > 1 ? "s" : ""} sur 5`,
    removeRating: "Retirer ma note",
    rateSignIn: "Connectez-vous pour noter ce titre.",
    signIn: "Se connecter",
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
      genres: "Genres",
    },
    noCreator: "Équipe Bobine",
    maturity: { all: "Tous publics", teen: "13+", mature: "18+" },
    similar: "Titres similaires",
    noSimilar: "Aucun titre similaire pour l'instant.",
    notFoundTitle: "Vidéo non trouvée",
    notFoundText: "Cette vidéo n'existe pas ou a été retirée du catalogue.",
    backHome: "Retour à l'accueil",
    errorTitle: "Impossible de charger cette vidéo",
  },

  /** spec §2: the grid of 2 to 6 configurable columns. */
  grid: {
    columns: "Colonnes",
  },

  home: {
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
  },

  /** spec §2 Series and Films pages: hero and three rows of 10. */
  landing: {
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
  },

  /** spec §2 "Error page" and §8 "Error page codes". */
  errorPage: {
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
        title: "Accès refusé",
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
        description:
          "Impossible de joindre Bobine. Vérifiez que votre appareil est bien connecté à Internet.",
      },
      RATE_LIMITED: {
        title: "Trop de requêtes",
        description:
          "Vous avez effectué trop de demandes en peu de temps. Patientez un instant avant de réessayer.",
      },
      TOO_MANY_STREAMS: {
        title: "Limite de streams atteinte",
        description:
          "Vous regardez déjà du contenu sur le nombre maximal d'écrans prévu par votre abonnement. Arrêtez la lecture sur un autre appareil pour continuer.",
      },
      UNKNOWN_ERROR: {
        title: "Erreur inattendue",
        description:
          "Une erreur imprévue s'est produite. Ce n'est pas de votre faute, et nous en sommes désolés.",
      },
    },
  },

  /** spec §2: "/404 and any other path". */
  notFound: {
    code: "404",
    title: "Page non trouvée",
    description: "La page que vous cherchez n'existe pas ou a été déplacée.",
    search: "Rechercher un titre",
  },

  /** spec §2 "Header" search box, "Explore (/browse) and Search". */
  discovery: {
    searchLabel: "Rechercher un film ou une série",
    searchPlaceholder: "Titres, genres…",
    suggestionsLabel: "Suggestions",
    seeAll: "Voir tous les résultats",
    noSuggestion: "Aucune suggestion",
    searching: "Recherche en cours…",
    clearQuery: "Effacer la recherche",
    /** `atLeast`: a broad search stopped counting (« 1 000+ résultats »). */
    results: (n: number, formatted: string, atLeast = false) =>
      atLeast ? `${formatted}+${nbsp}résultats` : count(formatted, n, "résultat", "résultats"),
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
  },

  /** spec §2 "Categories page": four counters, genre buttons with counts, grid, empty state. */
  categoriesPage: {
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
    shown: (n: number, formatted: string, genre: string | null) =>
      `${count(formatted, n, "vidéo", "vidéos")}${genre ? ` en «${nbsp}${genre}${nbsp}»` : " dans tout le catalogue"}`,
    loading: "Chargement des vidéos…",
    emptyTitle: "Aucune vidéo dans cette catégorie",
    emptyText: (genre: string) =>
      `Le genre «${nbsp}${genre}${nbsp}» ne contient encore aucune vidéo. Découvrez tout le catalogue en attendant.`,
    showAll: "Afficher toutes les vidéos",
    catalogueEmptyTitle: "Le catalogue est vide pour l'instant",
    catalogueEmptyText: "Aucun film ni aucune série n'a encore été ajouté. Revenez très bientôt.",
    loadMore: "Voir plus",
    errorTitle: "Impossible de charger les catégories",
  },

  /** spec §2 "Top-rated": up to 12 videos, rank badges for the first three, summary stats. */
  topRatedPage: {
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
  },

  /** spec §2 "Favourites / Ma liste", §8 Favourites and Ratings messages. */
  library: {
    /** spec §8 Favourites and Ratings toasts, word for word ('Note retirée' is ours). */
    toasts: {
      added: "Ajouté aux favoris",
      removed: "Retiré des favoris",
      already: "Déjà en favoris",
      alreadyText: "Cette vidéo est déjà dans vos favoris.",
      addFailed: "Impossible d'ajouter aux favoris",
      removeFailed: "Impossible de retirer des favoris",
      rated: "Note enregistrée",
      ratedText: (n: number) => `Vous avez noté cette vidéo ${n}/5.`,
      ratingRemoved: "Note retirée",
      rateFailed: "Impossible d'enregistrer la note",
      rateFailedText: "Une erreur est survenue lors de la notation.",
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
  },

  /** spec §2 History, §4 History class, §5 (clear-all confirmation), and the home's resume rail. */
  history: {
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
    /** The home's first rail for a member (issue 4). */
    continueRail: "Reprendre la lecture",
  },

  /** spec §2 Header notification bell and panel. */
  notifications: {
    title: "Notifications",
    readAll: "Tout lire",
    empty: "Aucune notification",
    /** The bell's name for assistive technologies, with the unread count. */
    bellLabel: (unread: number) =>
      unread === 0 ? "Notifications" : `Notifications (${count(unread, unread, "non lue", "non lues")})`,
    unread: "Non lue",
    loadError: "Impossible de charger les notifications.",
    markReadFailed: "Impossible de marquer la notification comme lue",
    readAllFailed: "Impossible de tout marquer comme lu",
  },

  /** Messages of the API client when the server could not give its own. */
  api: {
    network: "Impossible de joindre le serveur. Vérifiez votre connexion.",
    timeout: "Le serveur met trop de temps à répondre.",
    invalidResponse: "Le serveur a renvoyé une réponse inattendue.",
  },
} as const;
