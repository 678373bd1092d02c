import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Gift, Pencil, ShieldCheck, Trash2, Users } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { type AdminUser, type GiftPlan, userUpdateInput } from "#contract/admin-users";
import { buttonStyles } from "#web/components/ui/button-styles.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { type Column, DataTable } from "#web/components/ui/data-table.tsx";
import { TitledDialog } from "#web/components/ui/dialog.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { PagedList } from "#web/components/ui/paged-list.tsx";
import { SearchField } from "#web/components/ui/search-field.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { SelectionAction, SelectionBar } from "#web/components/ui/selection-bar.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { useRowSelection } from "#web/components/ui/use-row-selection.ts";
import { adminText, adminUsersText as text } from "#web/i18n/admin.ts";
import { serverMessage } from "#web/lib/api.ts";
import { checkForm, type FieldErrors, serverFields } from "#web/lib/form-errors.ts";
import { formatLongDate } from "#web/lib/format.ts";
import { refreshAdminData } from "#web/lib/query-tags.ts";
import { useSession } from "#web/lib/session/use-session.ts";
import { toast } from "#web/lib/toast.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import {
  patchUser,
  postBulkUsers,
  postGift,
  removeUser,
  userListOptions,
} from "../api/admin-user-queries.ts";
import { GiftFields, giftMonths } from "./gift-fields.tsx";

const PAGE = 20;

type Open =
  | { kind: "edit"; user: AdminUser }
  | { kind: "gift"; user: AdminUser }
  | { kind: "delete"; user: AdminUser }
  | { kind: "bulk-gift" }
  | { kind: "bulk-delete" }
  | null;

/**
 * spec §2 Admin « Utilisateurs »: a searchable, paged table (username, e-mail, role 'Utilisateur' /
 * 'Administrateur', signup date, subscription) with edit, offer a subscription and delete; bulk
 * gift and delete (decision 015). Protected accounts and the administrator's own account show why
 * their actions are not offered; the server refuses them anyway (SECURITY-CHECKLIST 17, 37).
 */
export function UsersTab() {
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const [q, setQ] = useState("");
  const [role, setRole] = useState<"" | "user" | "admin">("");
  const [offset, setOffset] = useState(0);
  const { selected, count, clear: clearSelection, selection } = useRowSelection<AdminUser>();
  const [open, setOpen] = useState<Open>(null);
  const [plan, setPlan] = useState<GiftPlan>("essentiel");
  const [months, setMonths] = useState("1");
  const search = useDebounced(q.trim());
  const list = useQuery(
    userListOptions({ limit: PAGE, offset, ...(search ? { q: search } : {}), ...(role ? { role } : {}) }),
  );
  const rows = list.data?.items ?? [];
  const close = () => setOpen(null);
  const after = async () => {
    close();
    clearSelection();
    await refreshAdminData(queryClient);
  };

  const remove = useMutation({
    mutationFn: (id: string) => removeUser(id),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await after();
    },
    onError: (error) => toast.error(adminText.errorTitle, serverMessage(error, text.deleteFailed)),
  });
  const bulk = useMutation({
    mutationFn: postBulkUsers,
    onSuccess: async (answer, input) => {
      toast.success(input.action === "gift" ? text.gifted : text.deleted, text.bulkDone(answer.changed));
      await after();
    },
    onError: (error) => toast.error(adminText.errorTitle, serverMessage(error, adminText.operationFailed)),
  });

  const protectedOrSelf = (u: AdminUser) => u.protected || u.id === me?.id;
  // A gift adds nothing to lifetime access (the server refuses it, naming the member).
  const lifelong = (u: AdminUser) => u.subscription !== null && u.subscription.until === null;
  // One's own account can take a gift with the others, never a deletion from here.
  const deletable = [...selected].filter((id) => id !== me?.id);
  // Members with lifetime access are left out of a gift to the selection (the server would refuse
  // the whole batch for them, naming them). The selection outlives a search: each row's last known
  // state is kept for it.
  const known = useRef(new Map<string, AdminUser>());
  for (const u of rows) known.current.set(u.id, u);
  const giftable = [...selected].filter((id) => {
    const u = known.current.get(id);
    return !(u && lifelong(u));
  });
  const lifetimeKept = count - giftable.length;
  const columns: Column<AdminUser>[] = [
    {
      key: "username",
      header: text.columns.username,
      card: "title",
      cell: (u) => (
        <span className="flex flex-wrap items-center gap-2 font-semibold">
          {u.username}
          {u.id === me?.id && <span className="text-xs font-normal text-muted">({text.you})</span>}
          {u.protected && (
            <span
              title={text.protectedHint}
              className="inline-flex items-center gap-1 rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent"
            >
              <ShieldCheck className="size-3.5" aria-hidden="true" />
              {text.protectedBadge}
            </span>
          )}
        </span>
      ),
    },
    // Whole on a wide table (break-words leaves its width to the table; break-all cut it mid-word).
    { key: "email", header: text.columns.email, cell: (u) => <span className="break-words">{u.email}</span> },
    { key: "role", header: text.columns.role, cell: (u) => text.roles[u.role] },
    { key: "createdAt", header: text.columns.createdAt, cell: (u) => formatLongDate(u.createdAt) },
    {
      key: "subscription",
      header: text.columns.subscription,
      cell: (u) =>
        u.subscription
          ? `${u.subscription.planName} · ${u.subscription.until ? text.until(formatLongDate(u.subscription.until)) : text.lifetime}`
          : text.noSubscription,
    },
    {
      key: "actions",
      header: text.columns.actions,
      headerHidden: true,
      card: "actions",
      className: "w-0 whitespace-nowrap",
      cell: (u) => (
        <span className="flex flex-wrap gap-1 md:flex-nowrap">
          <button
            type="button"
            className={buttonStyles({ variant: "ghost", size: "sm" })}
            aria-label={text.editLabel(u.username)}
            onClick={() => setOpen({ kind: "edit", user: u })}
          >
            <Pencil aria-hidden="true" />
            <span className="md:sr-only">{adminText.edit}</span>
          </button>
          <button
            type="button"
            className={`${buttonStyles({ variant: "ghost", size: "sm" })} aria-disabled:cursor-default aria-disabled:opacity-50`}
            // Its name says why it does nothing (a title is out of the keyboard's and screen readers' reach).
            aria-label={
              lifelong(u)
                ? `${text.giftLabel(u.username)} (${text.lifetimeGiftHint(u.username)})`
                : text.giftLabel(u.username)
            }
            disabled={u.protected}
            // aria-disabled, not disabled: the row that has just been given lifetime keeps the
            // keyboard's focus on this button (a disabled one dropped it to the page).
            aria-disabled={lifelong(u) || undefined}
            title={
              u.protected ? text.protectedHint : lifelong(u) ? text.lifetimeGiftHint(u.username) : undefined
            }
            onClick={() => {
              if (lifelong(u)) return;
              setPlan("essentiel");
              setMonths("1");
              setOpen({ kind: "gift", user: u });
            }}
          >
            <Gift aria-hidden="true" />
            <span className="md:sr-only">{text.gift}</span>
          </button>
          <button
            type="button"
            className={buttonStyles({ variant: "ghost", size: "sm" })}
            aria-label={text.deleteLabel(u.username)}
            disabled={protectedOrSelf(u)}
            title={u.protected ? text.protectedHint : undefined}
            onClick={() => setOpen({ kind: "delete", user: u })}
          >
            <Trash2 aria-hidden="true" />
            <span className="md:sr-only">{adminText.delete}</span>
          </button>
        </span>
      ),
    },
  ];

  const giftBody = () => ({ planCode: plan, ...(plan === "lifetime" ? {} : { months: giftMonths(months) }) });

  return (
    <section aria-labelledby="admin-users-heading">
      <h2 id="admin-users-heading" className="sr-only">
        {text.heading}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={q}
          onChange={(value) => {
            setQ(value);
            setOffset(0);
          }}
        />
        <SelectField
          look="field"
          className="min-w-0 basis-44"
          label={text.roleFilter}
          value={role}
          options={[
            { value: "" as const, label: text.allRoles },
            { value: "user" as const, label: text.roles.user },
            { value: "admin" as const, label: text.roles.admin },
          ]}
          onChange={(v) => {
            setRole(v);
            setOffset(0);
          }}
        />
      </div>

      {count > 0 && (
        <SelectionBar label={text.bulkLabel} count={adminText.selected(count)}>
          <SelectionAction
            icon={<Gift aria-hidden="true" />}
            label={text.bulkGift}
            short={text.bulkGiftShort}
            disabled={giftable.length === 0}
            hint={text.bulkAllLifetime}
            onClick={() => {
              setPlan("essentiel");
              setMonths("1");
              setOpen({ kind: "bulk-gift" });
            }}
          />
          <SelectionAction
            danger
            icon={<Trash2 aria-hidden="true" />}
            label={text.bulkDelete}
            short={text.bulkDeleteShort}
            disabled={deletable.length === 0}
            hint={text.bulkSelfKept}
            onClick={() => setOpen({ kind: "bulk-delete" })}
          />
        </SelectionBar>
      )}

      <PagedList
        list={list}
        texts={adminText}
        isEmpty={rows.length === 0}
        empty={<StateMessage icon={Users} title={text.empty} text={text.emptyText} />}
        offset={offset}
        limit={PAGE}
        onOffset={setOffset}
      >
        {() => (
          <DataTable
            caption={text.heading}
            columns={columns}
            rows={rows}
            rowKey={(u) => u.id}
            selection={selection(
              rows,
              (u) => adminText.selectRow(u.username),
              adminText.selectAll,
              (u) => !u.protected,
            )}
          />
        )}
      </PagedList>

      {open?.kind === "edit" && <EditUserDialog user={open.user} onClose={close} />}
      {open?.kind === "gift" && (
        <GiftDialog
          title={text.giftTitle(open.user.username)}
          onClose={close}
          plan={plan}
          months={months}
          onPlan={setPlan}
          onMonths={setMonths}
          userId={open.user.id}
          username={open.user.username}
        />
      )}
      {open?.kind === "delete" && (
        <ConfirmDialog
          danger
          title={text.confirmDelete(open.user.username)}
          text={text.confirmDeleteText}
          confirmLabel={adminText.delete}
          cancelLabel={adminText.cancel}
          busy={remove.isPending}
          onClose={close}
          onConfirm={() => remove.mutate(open.user.id)}
        />
      )}
      {open?.kind === "bulk-delete" && (
        <ConfirmDialog
          danger
          title={text.bulkConfirmDelete(deletable.length)}
          text={
            deletable.length < count
              ? `${text.bulkConfirmDeleteText(deletable.length)} ${text.bulkSelfKept}`
              : text.bulkConfirmDeleteText(deletable.length)
          }
          confirmLabel={adminText.delete}
          cancelLabel={adminText.cancel}
          busy={bulk.isPending}
          onClose={close}
          onConfirm={() => bulk.mutate({ action: "delete", userIds: deletable })}
        />
      )}
      {open?.kind === "bulk-gift" && (
        <ConfirmDialog
          title={text.bulkGiftTitle(giftable.length)}
          text={lifetimeKept > 0 ? text.bulkLifetimeKept(lifetimeKept) : undefined}
          confirmLabel={text.giftButton}
          cancelLabel={adminText.cancel}
          busy={bulk.isPending}
          onClose={close}
          onConfirm={() => bulk.mutate({ action: "gift", userIds: giftable, ...giftBody() })}
        >
          <GiftFields plan={plan} months={months} onPlan={setPlan} onMonths={setMonths} />
        </ConfirmDialog>
      )}
    </section>
  );
}

/** spec §2 « offer subscription » modal; its state is the tab's, reset each time it opens. */
function GiftDialog({
  title,
  userId,
  username,
  plan,
  months,
  onPlan,
  onMonths,
  onClose,
}: {
  title: string;
  userId: string;
  username: string;
  plan: GiftPlan;
  months: string;
  onPlan: (plan: GiftPlan) => void;
  onMonths: (months: string) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const gift = useMutation({
    mutationFn: () =>
      postGift(userId, { planCode: plan, ...(plan === "lifetime" ? {} : { months: giftMonths(months) }) }),
    onSuccess: async (answer) => {
      toast.success(
        text.gifted,
        text.giftedText(username, answer.endsAt ? formatLongDate(answer.endsAt) : null),
      );
      await refreshAdminData(queryClient);
      onClose();
    },
    onError: (error) => {
      setAlert(serverMessage(error, text.giftFailed));
      toast.error(adminText.errorTitle, serverMessage(error, text.giftFailed));
    },
  });
  return (
    <TitledDialog title={title} closeLabel={adminText.close} onClose={onClose}>
      <form
        className="mt-5 flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onMonths(String(giftMonths(months)));
          gift.mutate();
        }}
      >
        <FormAlert>{alert}</FormAlert>
        <GiftFields plan={plan} months={months} onPlan={onPlan} onMonths={onMonths} />
        <div className="mt-1 flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonStyles({ variant: "outline" })} onClick={onClose}>
            {adminText.cancel}
          </button>
          <button type="submit" className={buttonStyles()} disabled={gift.isPending}>
            {gift.isPending ? <Spinner className="size-4" /> : <Gift aria-hidden="true" />}
            {text.giftButton}
          </button>
        </div>
      </form>
    </TitledDialog>
  );
}

/** spec §2 « edit user » modal, §5 User edit: username locked, e-mail valid, role user or admin. */
function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(user.email);
  const [role, setRole] = useState<"user" | "admin">(user.role === "admin" ? "admin" : "user");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  // Only what changed is checked and sent: an address kept as it is (one a rule added since would
  // refuse, a seeded demo one) never stands in the way of changing the role.
  const changes = () => ({
    ...(email.trim().toLowerCase() !== user.email.toLowerCase() ? { email } : {}),
    role,
  });
  const save = useMutation({
    mutationFn: () => patchUser(user.id, changes()),
    onSuccess: async () => {
      toast.success(text.updated, user.username);
      await refreshAdminData(queryClient);
      onClose();
    },
    onError: (error) => {
      setErrors(serverFields(error));
      setAlert(serverMessage(error, text.updateFailed));
      toast.error(adminText.errorTitle, serverMessage(error, text.updateFailed));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const checked = checkForm(userUpdateInput, changes());
    if (!checked.ok) return setErrors(checked.fields);
    setErrors({});
    save.mutate();
  };
  return (
    <TitledDialog title={text.editTitle(user.username)} closeLabel={adminText.close} onClose={onClose}>
      <form className="mt-5 flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormAlert>{alert}</FormAlert>
        <TextField label={text.username} value={user.username} readOnly disabled hint={text.usernameLocked} />
        <TextField
          label={text.email}
          type="email"
          value={email}
          maxLength={254}
          autoComplete="off"
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div>
          <SelectField
            look="field"
            label={text.role}
            value={role}
            options={[
              { value: "user" as const, label: text.roles.user },
              { value: "admin" as const, label: text.roles.admin },
            ]}
            onChange={setRole}
          />
          {errors.role && <p className="mt-1.5 text-sm text-danger">{errors.role}</p>}
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
