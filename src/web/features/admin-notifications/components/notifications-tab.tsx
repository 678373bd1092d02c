import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellOff, Pencil, Send, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { NOTIFICATIONS_PER_GROUP, type NotificationGroup } from "#contract/admin-notifications";
import { type NotificationItem, notificationContent, sendNotificationBody } from "#contract/notifications";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { TitledDialog } from "#web/components/ui/dialog.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { PagedList } from "#web/components/ui/paged-list.tsx";
import { SearchField } from "#web/components/ui/search-field.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { TextAreaField } from "#web/components/ui/text-area-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { adminText, adminNotificationsText as text } from "#web/i18n/admin.ts";
import { serverMessage } from "#web/lib/api.ts";
import { checkForm, type FieldErrors, serverFields } from "#web/lib/form-errors.ts";
import { formatLongDate } from "#web/lib/format.ts";
import { refreshAdminData } from "#web/lib/query-tags.ts";
import { toast } from "#web/lib/toast.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import { useFocusFirstInvalid } from "#web/lib/use-focus-invalid.ts";
import {
  GROUPS_PAGE,
  groupsOptions,
  membersOptions,
  postNotification,
  putNotification,
  recipientOptions,
  removeNotification,
} from "../api/admin-notification-queries.ts";

/**
 * spec §2 Admin « Notifications »: send to one member or to all ('Notification envoyée',
 * 'Notification envoyée à {n} utilisateurs'); the list grouped per recipient, groups by username
 * ('Utilisateur supprimé' for a missing profile), each with its count ('notification' pluralised),
 * newest first, 'Lue' / 'Non lue', date, edit, delete; 'Aucune notification trouvée'. Paged by
 * recipient (decision 015: ten thousand members do not load at once).
 */
export function NotificationsTab() {
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const [sending, setSending] = useState(false);
  const [editing, setEditing] = useState<NotificationItem | null>(null);
  const [deleting, setDeleting] = useState<NotificationItem | null>(null);
  const queryClient = useQueryClient();
  const search = useDebounced(q.trim());
  const list = useQuery(groupsOptions({ offset, q: search || undefined }));
  const remove = useMutation({
    mutationFn: (id: string) => removeNotification(id),
    onSuccess: async () => {
      toast.success(text.deleted);
      setDeleting(null);
      await refreshAdminData(queryClient);
    },
    onError: (error) => toast.error(adminText.errorTitle, serverMessage(error, text.deleteFailed)),
  });
  const groups = list.data?.groups ?? [];
  return (
    <section aria-labelledby="admin-notifications-heading">
      <h2 id="admin-notifications-heading" className="sr-only">
        {text.heading}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          label={text.searchLabel}
          placeholder={text.recipientPlaceholder}
          value={q}
          onChange={(value) => {
            setQ(value);
            setOffset(0);
          }}
        />
        <button type="button" className={buttonStyles()} onClick={() => setSending(true)}>
          <Send aria-hidden="true" />
          {text.send}
        </button>
      </div>
      <PagedList
        list={list}
        texts={adminText}
        isEmpty={groups.length === 0}
        empty={
          <StateMessage
            icon={BellOff}
            title={text.empty}
            text={search ? text.emptyFilteredText : text.emptyText}
          />
        }
        offset={offset}
        limit={GROUPS_PAGE}
        onOffset={setOffset}
      >
        {() => (
          <ul className="flex flex-col gap-4">
            {groups.map((g) => (
              <Group key={g.userId} group={g} onEdit={setEditing} onDelete={setDeleting} />
            ))}
          </ul>
        )}
      </PagedList>
      {sending && <SendDialog onClose={() => setSending(false)} />}
      {editing && <EditDialog item={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          danger
          title={text.confirmDelete(deleting.title)}
          confirmLabel={adminText.delete}
          cancelLabel={adminText.cancel}
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id)}
        />
      )}
    </section>
  );
}

/** One recipient: their name (or 'Utilisateur supprimé'), count, newest notifications, « Voir plus ». */
function Group({
  group,
  onEdit,
  onDelete,
}: {
  group: NotificationGroup;
  onEdit: (item: NotificationItem) => void;
  onDelete: (item: NotificationItem) => void;
}) {
  const [limit, setLimit] = useState(NOTIFICATIONS_PER_GROUP);
  const more = useQuery({
    ...recipientOptions(group.userId, limit),
    enabled: limit > NOTIFICATIONS_PER_GROUP,
  });
  const items = limit > NOTIFICATIONS_PER_GROUP && more.data ? more.data.items : group.items;
  const headingId = useId();
  const name = group.username ?? text.deletedUser;
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface/70 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className={`font-bold ${group.username ? "" : "text-muted italic"}`}>
          {name}
        </h3>
        <p className="text-sm text-muted tabular-nums">
          {text.groupCount(group.count)}
          {group.unread > 0 && ` · ${text.unreadCount(group.unread)}`}
        </p>
      </div>
      <ul className="mt-3 flex flex-col divide-y divide-line/70">
        {items.map((n) => (
          <li key={n.id} className="flex flex-wrap items-start gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold wrap-anywhere">{n.title}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    n.isRead ? "bg-white/8 text-muted" : "bg-accent/15 text-accent"
                  }`}
                >
                  {n.isRead ? text.read : text.unread}
                </span>
              </p>
              <p className="mt-1 text-sm whitespace-pre-line text-fg/85 wrap-anywhere">{n.message}</p>
              <p className="mt-1 text-xs text-muted">{formatLongDate(n.createdAt)}</p>
            </div>
            <span className="flex gap-1">
              <button
                type="button"
                className={buttonStyles({ variant: "ghost", size: "sm" })}
                aria-label={text.editLabel(n.title)}
                onClick={() => onEdit(n)}
              >
                <Pencil aria-hidden="true" />
              </button>
              <button
                type="button"
                className={buttonStyles({ variant: "ghost", size: "sm" })}
                aria-label={text.deleteLabel(n.title)}
                onClick={() => onDelete(n)}
              >
                <Trash2 aria-hidden="true" />
              </button>
            </span>
          </li>
        ))}
      </ul>
      {items.length < group.count && (
        <button
          type="button"
          className={`${buttonStyles({ variant: "outline", size: "sm" })} mt-2`}
          disabled={more.isFetching}
          onClick={() => setLimit((l) => Math.min(100, l + 20))}
        >
          {more.isFetching && <Spinner className="size-4" />}
          {text.more}
        </button>
      )}
    </li>
  );
}

/**
 * spec §2 « send notification » modal, §3 send form, §5: title and message required; a recipient
 * unless « Envoyer à tous », which clears the chosen member.
 */
function SendDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [sendToAll, setSendToAll] = useState(false);
  const [recipient, setRecipient] = useState<{ id: string; name: string } | null>(null);
  // Choosing a member (or « Modifier ») replaces what had the focus: it goes to what replaces it.
  const changeRecipient = useRef<HTMLButtonElement>(null);
  const recipientSearch = useRef<HTMLInputElement>(null);
  const chosenByHand = useRef(false);
  const choose = (next: { id: string; name: string } | null) => {
    chosenByHand.current = true;
    setRecipient(next);
  };
  useEffect(() => {
    if (!chosenByHand.current) return;
    chosenByHand.current = false;
    (recipient ? changeRecipient.current : recipientSearch.current)?.focus();
  }, [recipient]);
  const [who, setWho] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const search = useDebounced(who.trim());
  const members = useQuery({ ...membersOptions(search), enabled: !sendToAll && recipient === null });
  const listId = useId();
  const send = useMutation({
    mutationFn: () =>
      postNotification({ title, message, sendToAll, ...(recipient ? { userId: recipient.id } : {}) }),
    onSuccess: async (answer) => {
      toast.success(sendToAll ? text.sentToMany(answer.sent) : text.sent);
      await refreshAdminData(queryClient);
      onClose();
    },
    onError: (error) => {
      setErrors(serverFields(error));
      setAlert(serverMessage(error, text.sendFailed));
      toast.error(adminText.errorTitle, serverMessage(error, text.sendFailed));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const checked = checkForm(sendNotificationBody, {
      title,
      message,
      sendToAll,
      ...(recipient ? { userId: recipient.id } : {}),
    });
    if (!checked.ok) {
      setErrors(checked.fields);
      return setAlert(text.fixErrorsSend);
    }
    setErrors({});
    send.mutate();
  };
  const formRef = useFocusFirstInvalid(errors);
  return (
    <TitledDialog title={text.sendTitle} closeLabel={adminText.close} onClose={onClose}>
      <form ref={formRef} className="mt-5 flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormAlert>{alert}</FormAlert>
        <TextField
          label={text.title}
          value={title}
          maxLength={200}
          required
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextAreaField
          label={text.message}
          value={message}
          maxLength={2000}
          rows={4}
          required
          error={errors.message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-[var(--color-accent)]"
            checked={sendToAll}
            onChange={(e) => {
              setSendToAll(e.target.checked);
              // spec §5: sendToAll clears the chosen user.
              if (e.target.checked) setRecipient(null);
            }}
          />
          {text.sendToAll}
        </label>
        {!sendToAll && (
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="text-sm font-medium text-fg/90">{text.recipient}</legend>
            {recipient ? (
              <p className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm">
                {text.recipientChosen(recipient.name)}
                <button
                  ref={changeRecipient}
                  type="button"
                  className={buttonStyles({ variant: "ghost", size: "sm" })}
                  onClick={() => choose(null)}
                >
                  {adminText.edit}
                </button>
              </p>
            ) : (
              <>
                <TextField
                  ref={recipientSearch}
                  label={text.recipientSearch}
                  value={who}
                  maxLength={100}
                  placeholder={text.recipientPlaceholder}
                  aria-controls={listId}
                  error={errors.userId}
                  onChange={(e) => setWho(e.target.value)}
                />
                <ul
                  id={listId}
                  className="flex max-h-44 flex-col overflow-y-auto rounded-xl border border-line"
                >
                  {(members.data?.items ?? []).map((m) => (
                    <li key={m.id}>
                      <button
                        type="button"
                        className="flex w-full flex-col px-3 py-2 text-left text-sm hover:bg-white/6 focus-visible:bg-white/8"
                        onClick={() => choose({ id: m.id, name: m.username })}
                      >
                        <span className="font-semibold">{m.username}</span>
                        <span className="text-xs text-muted">{m.email}</span>
                      </button>
                    </li>
                  ))}
                  {members.data && members.data.items.length === 0 && (
                    <li className="px-3 py-2 text-sm text-muted">{text.recipientNone}</li>
                  )}
                </ul>
              </>
            )}
          </fieldset>
        )}
        <div className="mt-1 flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonStyles({ variant: "outline" })} onClick={onClose}>
            {adminText.cancel}
          </button>
          <button type="submit" className={buttonStyles()} disabled={send.isPending}>
            {send.isPending ? <Spinner className="size-4" /> : <Send aria-hidden="true" />}
            {text.sendButton}
          </button>
        </div>
      </form>
    </TitledDialog>
  );
}

/** spec §2 « edit notification » modal: title and message (read state and date stay). */
function EditDialog({ item, onClose }: { item: NotificationItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(item.title);
  const [message, setMessage] = useState(item.message);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => putNotification(item.id, { title, message }),
    onSuccess: async () => {
      toast.success(text.updated);
      await refreshAdminData(queryClient);
      onClose();
    },
    onError: (error) => {
      setErrors(serverFields(error));
      setAlert(serverMessage(error, text.updateFailed));
      toast.error(adminText.errorTitle, serverMessage(error, text.updateFailed));
    },
  });
  const formRef = useFocusFirstInvalid(errors);
  return (
    <TitledDialog title={text.editTitle} closeLabel={adminText.close} onClose={onClose}>
      <form
        ref={formRef}
        className="mt-5 flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const checked = checkForm(notificationContent, { title, message });
          if (!checked.ok) {
            setErrors(checked.fields);
            return setAlert(text.fixErrorsEdit);
          }
          setErrors({});
          setAlert(null);
          save.mutate();
        }}
      >
        <FormAlert>{alert}</FormAlert>
        <TextField
          label={text.title}
          value={title}
          maxLength={200}
          required
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextAreaField
          label={text.message}
          value={message}
          maxLength={2000}
          rows={4}
          required
          error={errors.message}
          onChange={(e) => setMessage(e.target.value)}
        />
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
