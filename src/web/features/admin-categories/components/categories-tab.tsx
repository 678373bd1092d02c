import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Tags, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { categoryInput, DEFAULT_CATEGORY_COLOR } from "#contract/admin-categories";
import type { Category } from "#contract/catalogue";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { TitledDialog } from "#web/components/ui/dialog.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { QueryStates } from "#web/components/ui/load-error.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { TextAreaField } from "#web/components/ui/text-area-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { adminText, adminCategoriesText as text } from "#web/i18n/admin.ts";
import { serverMessage } from "#web/lib/api.ts";
import { checkForm, type FieldErrors, serverFields } from "#web/lib/form-errors.ts";
import { refreshAdminData } from "#web/lib/query-tags.ts";
import { toast } from "#web/lib/toast.ts";
import {
  categoryListOptions,
  postCategory,
  putCategory,
  removeCategory,
} from "../api/admin-category-queries.ts";

/**
 * spec §2 Admin « Catégories »: cards with colour, name, description and video count, add, edit,
 * delete; §5 Category (name required, colour #RRGGBB, default #e74c3c). Deleting a category in use
 * says how many videos it leaves and what happens to them (they lose it, or move to another).
 */
export function CategoriesTab() {
  const queryClient = useQueryClient();
  const list = useQuery(categoryListOptions);
  const [editing, setEditing] = useState<Category | "new" | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [moveTo, setMoveTo] = useState("");
  const remove = useMutation({
    mutationFn: ({ id, to }: { id: string; to: string | undefined }) => removeCategory(id, to),
    onSuccess: async (answer) => {
      toast.success(
        text.deleted,
        text.deletedText(answer.videos, answer.moved, answer.withoutCategory) || undefined,
      );
      setDeleting(null);
      await refreshAdminData(queryClient);
    },
    onError: (error) => toast.error(adminText.errorTitle, serverMessage(error, text.deleteFailed)),
  });
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby="admin-categories-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-categories-heading" className="text-xl font-bold">
          {text.heading}
        </h2>
        <button type="button" className={buttonStyles()} onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          {text.add}
        </button>
      </div>
      <div className="mt-5">
        <QueryStates
          query={list}
          errorTitle={adminText.loadFailed}
          errorText={serverMessage(list.error, adminText.loadFailed)}
          isEmpty={items.length === 0}
          empty={<StateMessage icon={Tags} title={text.empty} text={text.emptyText} />}
        >
          {() => (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {items.map((c) => (
                <li key={c.id} className="flex flex-col rounded-2xl border border-line bg-surface/70 p-5">
                  <div className="flex items-start gap-3">
                    <span
                      className="mt-1 size-4 shrink-0 rounded-full ring-2 ring-white/10"
                      style={{ backgroundColor: c.color }}
                      aria-hidden="true"
                    />
                    <div className="min-w-0 flex-1">
                      <h3 className="font-bold wrap-anywhere">{c.name}</h3>
                      <p className="text-sm text-muted tabular-nums">{text.videos(c.videoCount)}</p>
                    </div>
                    <code className="text-xs text-subtle">{c.color}</code>
                  </div>
                  {c.description && <p className="mt-3 text-sm text-pretty text-fg/80">{c.description}</p>}
                  <div className="mt-auto flex gap-2 pt-4">
                    <button
                      type="button"
                      className={buttonStyles({ variant: "outline", size: "sm" })}
                      aria-label={text.editLabel(c.name)}
                      onClick={() => setEditing(c)}
                    >
                      <Pencil aria-hidden="true" />
                      {adminText.edit}
                    </button>
                    <button
                      type="button"
                      className={buttonStyles({ variant: "ghost", size: "sm" })}
                      aria-label={text.deleteLabel(c.name)}
                      onClick={() => {
                        setMoveTo("");
                        setDeleting(c);
                      }}
                    >
                      <Trash2 aria-hidden="true" />
                      {adminText.delete}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </div>
      {editing && (
        <CategoryDialog category={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          danger
          title={text.confirmDelete(deleting.name)}
          text={deleting.videoCount === 0 ? text.unused : text.inUse(deleting.videoCount)}
          confirmLabel={adminText.delete}
          cancelLabel={adminText.cancel}
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate({ id: deleting.id, to: moveTo || undefined })}
        >
          {deleting.videoCount > 0 && (
            <SelectField
              look="field"
              label={text.moveTo}
              value={moveTo}
              options={[
                { value: "", label: text.moveToNone },
                ...items.filter((c) => c.id !== deleting.id).map((c) => ({ value: c.id, label: c.name })),
              ]}
              onChange={setMoveTo}
            />
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** spec §2 « add/edit category » modal. Closing resets it (it lives only while open). */
function CategoryDialog({ category, onClose }: { category: Category | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(category?.name ?? "");
  const [description, setDescription] = useState(category?.description ?? "");
  const [color, setColor] = useState(category?.color ?? DEFAULT_CATEGORY_COLOR);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const body = { name, description, color };
      return category ? putCategory(category.id, body) : postCategory(body);
    },
    onSuccess: async () => {
      toast.success(category ? text.updated : text.created, name.trim());
      await refreshAdminData(queryClient);
      onClose();
    },
    onError: (error) => {
      const failed = category ? text.updateFailed : text.addFailed;
      setErrors(serverFields(error));
      setAlert(serverMessage(error, failed));
      toast.error(adminText.errorTitle, serverMessage(error, failed));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(categoryInput, { name, description, color });
    setAlert(null);
    if (!checked.ok) return setErrors(checked.fields);
    setErrors({});
    save.mutate();
  };
  const validColor = /^#[0-9a-fA-F]{6}$/.test(color);
  return (
    <TitledDialog
      title={category ? text.editTitle(category.name) : text.addTitle}
      closeLabel={adminText.close}
      onClose={onClose}
    >
      <form className="mt-5 flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormAlert>{alert}</FormAlert>
        <TextField
          label={text.name}
          value={name}
          maxLength={60}
          required
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextAreaField
          label={text.description}
          value={description}
          maxLength={500}
          rows={3}
          error={errors.description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div className="flex items-end gap-3">
          <div className="flex-1">
            <TextField
              label={text.color}
              value={color}
              maxLength={7}
              spellCheck={false}
              hint={text.colorHint}
              error={errors.color}
              onChange={(e) => setColor(e.target.value)}
            />
          </div>
          <input
            type="color"
            aria-label={text.colorPicker}
            value={validColor ? color.toLowerCase() : DEFAULT_CATEGORY_COLOR}
            onChange={(e) => setColor(e.target.value)}
            className="mb-6 h-12 w-14 cursor-pointer rounded-xl border border-line bg-surface-2 p-1"
          />
        </div>
        <div className="mt-1 flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonStyles({ variant: "outline" })} onClick={onClose}>
            {adminText.cancel}
          </button>
          <button type="submit" className={buttonStyles()} disabled={save.isPending}>
            {save.isPending && <Spinner className="size-4" />}
            {adminText.save}
          </button>
        </div>
      </form>
    </TitledDialog>
  );
}
