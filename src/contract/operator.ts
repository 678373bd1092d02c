/**
 * What the server tells the person who runs it, in French like every text of Bobine: start-up
 * lines, configuration and CLI errors, mail log lines, the OpenAPI document's title. Kept here with
 * the other message tables so that `src/server` holds no French text but its mail templates
 * (docs/decisions/009-boundaries.md).
 */
export const operatorMessages = {
  configInvalid: (lines: string[]) => `Configuration invalide :\n${lines.join("\n")}`,
  startFailed: (detail: string) => `Échec du démarrage : ${detail}`,
  stopping: "arrêt en cours (un second Ctrl-C force l'arrêt)",
  forcedStop: "arrêt forcé",
  ready: (appName: string, port: number) => `  ${appName} est prêt : http://localhost:${port}`,
  database: (kind: "pglite" | "postgres", dataDir: string) =>
    `  Base de données : ${kind === "pglite" ? `PGlite intégrée (${dataDir})` : "PostgreSQL"}`,
  apiDocs: (port: number) => `  Documentation de l'API : http://localhost:${port}/api/docs`,
  demoAccounts: [
    "  Comptes de démonstration (mot de passe : DEMO_PASSWORD, par défaut « bobine-demo-2026 ») :",
    "    demo-admin    administrateur",
    "    demo-premium  membre avec abonnement Premium actif",
    "    demo-membre   membre sans abonnement",
  ],
  // npm run media:import (decision 025).
  mediaImportUsage:
    "Usage : npm run media:import -- [--video ID_DU_FILM] FICHIER… (un film est créé par fichier sans --video)",
  mediaImported: (file: string, title: string, videoId: string, draft: boolean) =>
    `« ${file} » importé : film « ${title} » (${videoId}), transcodage en file d'attente.${draft ? " C'est un brouillon : complétez-le et publiez-le dans l'administration (Vidéos)." : ""}`,
  mediaImportMissing: (file: string) => `« ${file} » : fichier introuvable.`,
  mediaImportNotVideo: (file: string) => `« ${file} » : ce n'est pas une vidéo lisible (ffprobe), ignoré.`,
  mediaImportUnknownVideo: (id: string) => `Aucun film ne correspond à l'identifiant « ${id} ».`,
  mediaImportDone: (count: number, embedded: boolean) =>
    `${count} fichier(s) en file d'attente.${embedded ? " Démarrez Bobine (npm start) : ses workers les transcodent." : " Les workers (npm start ou npm run worker) les transcodent."}`,
  administratorCreated: (username: string) => `Administrateur « ${username} » créé depuis ADMIN_*.`,
  accountExists: "Cette adresse ou ce nom d'utilisateur existe déjà : utilisez admin:promote.",
  accountUnknown: (identifier: string) => `Aucun compte ne correspond à « ${identifier} ».`,
  // Start-up failures (decision 014): the cause in a few words, and the setting to check.
  databaseWaiting: (attempt: number, cause: string, seconds: number) =>
    `Base de données injoignable (tentative ${attempt} : ${cause}) ; nouvel essai dans ${String(seconds).replace(".", ",")} s…`,
  databaseUnreachable: (seconds: number, cause: string) =>
    `La base de données ne répond toujours pas après ${seconds} s (${cause}). Vérifiez DATABASE_URL et que le serveur PostgreSQL est démarré et joignable, ou allongez DATABASE_START_TIMEOUT_SECONDS.`,
  databaseRefused: (cause: string) =>
    `La base de données refuse la connexion (${cause}). Vérifiez DATABASE_URL : hôte, utilisateur, mot de passe, nom de la base.`,
  diskFull: (dataDir: string) =>
    `Plus d'espace disque pour démarrer. Libérez de la place dans DATA_DIR (${dataDir}) ou sur le disque de la base de données.`,
  pgliteOpenFailed: (dataDir: string, cause: string) =>
    `La base intégrée (PGlite) ne s'ouvre pas dans ${dataDir} (${cause}). Vérifiez DATA_DIR : droits d'écriture, espace libre, dossier intact (sinon restaurez une sauvegarde avec npm run db:restore).`,
  startCauses: {
    ECONNREFUSED: "connexion refusée",
    ENOTFOUND: "hôte introuvable",
    EAI_AGAIN: "hôte introuvable",
    ETIMEDOUT: "délai dépassé",
    ECONNRESET: "connexion coupée",
    EACCES: "accès refusé au dossier",
    EPERM: "accès refusé au dossier",
    EEXIST: "un fichier occupe la place du dossier",
    ENOTDIR: "un fichier occupe la place du dossier",
    ENOSPC: "disque plein",
    "53100": "disque plein",
    "57P03": "le serveur démarre",
    "3D000": "base de données inexistante",
    "28P01": "mot de passe refusé",
    "28000": "accès refusé",
    timeout: "aucune réponse dans le délai",
    lost: "connexion perdue",
  } as Record<string, string>,
  mailFailed: "échec de l'envoi d'un e-mail",
  mailWritten: (file: string) => `mail écrit dans ${file}`,
  workerNeedsPostgres:
    "npm run worker travaille les files de tâches d'une base PostgreSQL partagée : définissez DATABASE_URL. Avec la base intégrée (PGlite), le serveur travaille lui-même ses tâches (JOBS_IN_PROCESS=true).",
  workerReady: (queues: number) => `  Travailleur prêt : ${queues} domaine(s) de tâches de fond à l'écoute.`,
  workerStopping: "arrêt du travailleur : les tâches en cours se terminent",
  apiTitle: (appName: string) => `${appName} — API`,
  apiDescription: "API du catalogue de streaming Bobine. Toutes les réponses sont en JSON (camelCase).",
} as const;
