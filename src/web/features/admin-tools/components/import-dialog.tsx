import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type CatalogueFile, catalogueFile } from "#contract/admin-catalogue";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { TitledDialog } from "#web/components/ui/dialog.tsx";
import { FileField } from "#web/components/ui/file-field.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { adminText, adminToolsText as text } from "#web/i18n/admin.ts";
import { nbsp } from "#web/i18n/typography.ts";
import { serverMessage } from "#web/lib/api.ts";
import { checkForm, type FieldErrors, serverFields } from "#web/lib/form-errors.ts";
import { refreshAdminData } from "#web/lib/query-tags.ts";
import { toast } from "#web/lib/toast.ts";
import { postCatalogue } from "../api/tools-actions.ts";
import { defectPlace } from "../lib/defect-place.ts";

/** Past these, the list of defects says "and N more". */
const SHOWN_DEFECTS = 12;

/**
 * « Importer un catalogue » (spec §8 'Erreur d'import'): the file is read and checked against the
 * contract in the browser (the same rules as the server), then sent; the server checks it again
 * and writes it all or nothing. Every defect is listed with where it is in the file.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [defects, setDefects] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: CatalogueFile) => postCatalogue(body),
    onSuccess: async (answer) => {
      toast.success(text.importCatalogue, answer.message);
      await refreshAdminData(queryClient);
      onClose();
    },
    onError: (error) => {
      setDefects(serverFields(error));
      setProblem(serverMessage(error, text.importFailed));
      toast.error(text.importFailed, serverMessage(error, adminText.operationFailed));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDefects({});
    setProblem(null);
    if (!file) return setProblem(text.importNotJson);
    let data: unknown;
    try {
      data = JSON.parse(await file.text());
    } catch {
      return setProblem(text.importNotJson);
    }
    const checked = checkForm(catalogueFile, data);
    if (!checked.ok) {
      setDefects(checked.fields);
      return setProblem(text.importFailed);
    }
    send.mutate(data as CatalogueFile);
  };

  const list = Object.entries(defects);
  return (
    <TitledDialog
      title={text.importTitle}
      description={text.importText}
      closeLabel={adminText.close}
      onClose={onClose}
    >
      <form className="mt-5 flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormAlert>{problem}</FormAlert>
        {list.length > 0 && (
          <section
            aria-label={text.importErrors}
            className="max-h-48 overflow-y-auto rounded-xl border border-line p-3 text-sm"
          >
            <ul className="flex flex-col gap-1.5">
              {list.slice(0, SHOWN_DEFECTS).map(([where, message]) => (
                <li key={where}>
                  <span className="font-semibold">{defectPlace(where)}</span>
                  {nbsp}: {message}
                </li>
              ))}
              {list.length > SHOWN_DEFECTS && <li className="text-muted">…</li>}
            </ul>
          </section>
        )}
        <FileField label={text.importFile} accept="application/json,.json" onFile={setFile} />
        <div className="mt-1 flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonStyles({ variant: "outline" })} onClick={onClose}>
            {adminText.cancel}
          </button>
          <button type="submit" className={buttonStyles()} disabled={!file || send.isPending}>
            {send.isPending ? <Spinner className="size-4" /> : <Upload aria-hidden="true" />}
            {text.importButton}
          </button>
        </div>
      </form>
    </TitledDialog>
  );
}
