// Refuses to go on under a Node.js older than the floor in package.json's "engines" (22.22):
// Node 20 is end-of-life and the libraries Bobine uses need 22.22 or newer. Imported first by every
// entry point and run before every npm script, so nothing is built, migrated or written first.
// Written for old Nodes: no syntax or API newer than what Node 12 understands.
export const FLOOR = [22, 22, 0];
export const RECOMMENDED = 24;

function parse(version) {
  return String(version)
    .replace(/^v/, "")
    .split(".")
    .map((part) => Number.parseInt(part, 10) || 0);
}

export function isSupported(version) {
  const found = parse(version);
  for (let i = 0; i < FLOOR.length; i += 1) {
    if ((found[i] || 0) !== FLOOR[i]) return (found[i] || 0) > FLOOR[i];
  }
  return true;
}

export function unsupportedMessage(version) {
  return [
    `Bobine ne peut pas démarrer : Node.js ${String(version).replace(/^v/, "")} est trop ancien.`,
    `Version nécessaire : Node.js ${FLOOR.join(".")} ou plus récent (${RECOMMENDED} LTS conseillée).`,
    "Pour l'obtenir :",
    `  - sans droits d'administration : eval "$(bash scripts/use-node.sh)"  (installe Node.js ${RECOMMENDED} depuis le registre npm, hors du dépôt)`,
    `  - ou avec nvm : nvm install ${RECOMMENDED} && nvm use ${RECOMMENDED}`,
    "  - ou les paquets officiels : https://nodejs.org/fr/download",
  ].join("\n");
}

if (!isSupported(process.versions.node)) {
  process.stderr.write(`${unsupportedMessage(process.versions.node)}\n`);
  process.exit(1);
}
