import { adminAuditText, adminToolsText } from "#web/i18n/admin.ts";

/**
 * Where a defect of an imported catalogue is, in words instead of the contract's path:
 * « videos.1.episodes.2.title » is « Vidéo 2 › épisode 3 › titre » (counted from 1, fields named as
 * the journal names them); a defect of the whole file is « Le fichier ».
 */
export function defectPlace(path: string): string {
  if (path === "") return adminToolsText.importWhole;
  const parts = path.split(".");
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? "";
    const next = parts[i + 1];
    const listed = adminToolsText.importPlaces[part];
    if (listed && next !== undefined && /^\d+$/.test(next)) {
      // Capitalised at the head only: « Vidéo 1 › catégorie 2 ».
      words.push(`${words.length === 0 ? listed : listed.toLowerCase()} ${Number(next) + 1}`);
      i++;
    } else if (/^\d+$/.test(part)) {
      words.push(String(Number(part) + 1));
    } else {
      words.push(adminAuditText.fields[part] ?? part);
    }
  }
  return words.join(" › ");
}
