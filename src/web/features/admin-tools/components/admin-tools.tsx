import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download, Eraser, Upload } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { adminText, adminToolsText as text } from "#web/i18n/admin.ts";
import { serverMessage } from "#web/lib/api.ts";
import { refreshAdminData } from "#web/lib/query-tags.ts";
import { toast } from "#web/lib/toast.ts";
import { downloadCatalogue, postClearCaches } from "../api/tools-actions.ts";
import { ImportDialog } from "./import-dialog.tsx";

/**
 * The panel's tools (spec §4 "simulated" admin actions, real here): « Vider le cache » empties the
 * catalogue caches of every server process; the catalogue goes out and comes back as a JSON file.
 */
export function AdminTools() {
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  const clear = useMutation({
    mutationFn: postClearCaches,
    onSuccess: async () => {
      toast.success(text.cacheCleared, text.cacheClearedText);
      await refreshAdminData(queryClient);
    },
    onError: (error) => toast.error(adminText.errorTitle, serverMessage(error, adminText.operationFailed)),
  });
  const download = useMutation({
    mutationFn: downloadCatalogue,
    onSuccess: () => toast.success(text.exported),
    onError: (error) => toast.error(text.exportFailed, serverMessage(error, adminText.operationFailed)),
  });
  const small = buttonStyles({ variant: "outline", size: "sm" });
  return (
    <>
      <button type="button" className={small} disabled={clear.isPending} onClick={() => clear.mutate()}>
        {clear.isPending ? <Spinner className="size-4" /> : <Eraser aria-hidden="true" />}
        {text.clearCache}
      </button>
      <button type="button" className={small} disabled={download.isPending} onClick={() => download.mutate()}>
        {download.isPending ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
        {text.exportCatalogue}
      </button>
      <button type="button" className={small} onClick={() => setImporting(true)}>
        <Upload aria-hidden="true" />
        {text.importCatalogue}
      </button>
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </>
  );
}
