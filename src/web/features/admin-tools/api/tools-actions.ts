import { type CatalogueFile, exportCatalogue, importCatalogue } from "#contract/admin-catalogue";
import { clearCaches } from "#contract/admin-stats";
import { apiDownload, apiSend } from "#web/lib/api.ts";
import { saveFile } from "#web/lib/save-file.ts";

/** The panel's tools: « Vider le cache », the catalogue's export and import (they cache nothing). */
export const postClearCaches = () => apiSend(clearCaches);

/** The server's attachment, saved under the name it gives. */
export async function downloadCatalogue(): Promise<void> {
  const { blob, filename } = await apiDownload(exportCatalogue);
  saveFile(blob, filename ?? "bobine-catalogue.json");
}

export const postCatalogue = (file: CatalogueFile) => apiSend(importCatalogue, { body: file });
