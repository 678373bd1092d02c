import type { z } from "zod";
import {
  type AdminUser,
  adminUserMessages,
  type bulkUsersInput,
  type GiftPlan,
  type giftInput,
  giftPlanCodes,
  type userUpdateInput,
} from "#contract/admin-users";
import { administratorCount, removeAccount } from "../shared/accounts.queries.ts";
import { isProtectedAccount } from "../shared/accounts.ts";
import { type Actor, changes, recordAudit } from "../shared/audit.queries.ts";
import type { AppContext } from "../shared/context.ts";
import { isUniqueViolation } from "../shared/db-errors.ts";
import { accessSpan, grantEntitlement } from "../shared/entitlement.queries.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { notifyMember } from "../shared/member-notifications.queries.ts";
import type { Tx } from "../shared/sql.queries.ts";
import {
  accessOfMembers,
  emailTaken,
  insertGift,
  lockAdministrators,
  lockUsers,
  planByCode,
  setEmail,
  setRole,
  type UserRow,
  userById,
  usersPage,
} from "./users.queries.ts";

// Locks are taken members first (in id order), then the administrators: two actions at once never
// wait on each other in a cycle.

/**
 * Members as administrators manage them (spec §2 Admin « Utilisateurs », §5 User edit and Gift, §6
 * Admin, §7 admin-users and give-subscription). The rules that keep the product administrable are
 * the server's, decided inside each write's transaction with the rows locked (SECURITY-CHECKLIST
 * 17, 18, 37): protected accounts (PROTECTED_ACCOUNTS) are never deleted, demoted or gifted; the
 * last administrator neither; no administrator deletes or demotes their own account from here.
 */

type Deps = Pick<AppContext, "db" | "config">;
const m = adminUserMessages;

const denied = (message: string) => new AppError("ACCESS_DENIED", message);

/** Members as the table shows them, their access read for the whole page at once. */
async function toAdminUsers(deps: Deps, rows: UserRow[]): Promise<AdminUser[]> {
  const access = await accessOfMembers(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const a = access.get(row.id);
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      avatar: row.avatar,
      role: row.role,
      createdAt: row.createdAt.toISOString(),
      subscription: a
        ? {
            planCode: a.code,
            planName: a.name,
            until: a.until ? a.until.toISOString() : null,
            source: a.source,
          }
        : null,
      protected: isProtectedAccount(deps.config.protectedAccounts, row),
    };
  });
}

export async function list(
  deps: Deps,
  query: { limit: number; offset: number; q?: string | undefined; role?: "user" | "admin" | undefined },
) {
  const [{ rows, total }, administrators] = await Promise.all([
    usersPage(deps.db, query),
    administratorCount(deps.db),
  ]);
  return {
    items: await toAdminUsers(deps, rows),
    total,
    limit: query.limit,
    offset: query.offset,
    administrators,
  };
}

async function get(deps: Deps, id: string): Promise<AdminUser> {
  const row = await userById(deps.db, id);
  if (!row) throw new AppError("NOT_FOUND");
  const [user] = await toAdminUsers(deps, [row]);
  return user as AdminUser;
}

type Guarded = "delete" | "demote" | "gift";

/** The rules of SECURITY-CHECKLIST 17 and 37 for one member, with the administrators locked. */
function guard(deps: Deps, actor: Actor, target: UserRow, what: Guarded, administrators: string[]) {
  if (isProtectedAccount(deps.config.protectedAccounts, target))
    throw denied(m.protectedAccount(target.username));
  if (what !== "gift" && target.id === actor.id) throw denied(m.notYourself);
  if (target.role === "admin" && administrators.length <= 1)
    throw denied(m.lastAdministrator(target.username));
}

/** spec §5 User edit: the e-mail (valid, unique) and the role; the username stays. */
export async function update(
  deps: Deps,
  actor: Actor,
  id: string,
  body: z.output<typeof userUpdateInput>,
): Promise<AdminUser> {
  if (body.email === undefined && body.role === undefined)
    throw new AppError("VALIDATION_ERROR", m.nothingToUpdate);
  try {
    await deps.db.transaction(async (tx) => {
      const [target] = await lockUsers(tx, [id]);
      if (!target) throw new AppError("NOT_FOUND");
      const administrators = await lockAdministrators(tx);
      const after: { email?: string; role?: string } = {};
      if (body.email !== undefined && body.email !== target.email.toLowerCase()) {
        if (await emailTaken(tx, body.email, id)) throw fieldError("email", m.emailTaken);
        await setEmail(tx, id, body.email);
        after.email = body.email;
      }
      if (body.role === "admin" && target.role !== "admin") {
        await setRole(tx, id, "admin");
        after.role = "admin";
      }
      if (body.role === "user" && target.role === "admin") {
        guard(deps, actor, target, "demote", administrators);
        await setRole(tx, id, "membre");
        after.role = "membre";
      }
      const diff = changes<{ email: string; role: string }>(
        { email: target.email, role: target.role },
        after,
      );
      if (diff) {
        await recordAudit(tx, actor, {
          action: "user.update",
          targetType: "user",
          targetId: id,
          targetLabel: target.username,
          ...diff,
        });
      }
    });
  } catch (err) {
    throw isUniqueViolation(err) ? fieldError("email", m.emailTaken) : err;
  }
  return get(deps, id);
}

/** Deletes members and every row of theirs, in the caller's transaction, journal lines first. */
async function removeIn(deps: Deps, tx: Tx, actor: Actor, targets: UserRow[], bulk: boolean) {
  const administrators = await lockAdministrators(tx);
  for (const target of targets) guard(deps, actor, target, "delete", administrators);
  for (const target of targets) {
    await recordAudit(tx, actor, {
      action: "user.delete",
      targetType: "user",
      targetId: target.id,
      targetLabel: target.username,
      before: { username: target.username, email: target.email, role: target.role },
      ...(bulk ? { after: { bulk: true } } : {}),
    });
    // The last administrator is refused inside the deletion (two administrators deleted at once).
    if (!(await removeAccount(tx, target.id, target.email.trim().toLowerCase()))) {
      throw denied(m.lastAdministrator(target.username));
    }
  }
}

/** spec §7 admin-users {action delete}: the member and their data, in one transaction. */
export async function remove(deps: Deps, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const [target] = await lockUsers(tx, [id]);
    if (!target) throw new AppError("NOT_FOUND");
    await removeIn(deps, tx, actor, [target], false);
  });
  return { deleted: 1 as const, message: m.deleted };
}

const parisDay = (d: Date) =>
  new Intl.DateTimeFormat("fr-FR", {
    day: "2-digit",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Paris",
  }).format(d);

/**
 * spec §7 give-subscription: an entitlement of source `gift` stacked after the member's current
 * access (a gift extends, never overwrites; decision 012), its record, and the member's
 * notification, in the caller's transaction.
 */
async function giftIn(
  deps: Deps,
  tx: Tx,
  actor: Actor,
  target: UserRow,
  gift: { planCode: GiftPlan; months?: number | undefined },
  administrators: string[],
  bulk: boolean,
) {
  guard(deps, actor, target, "gift", administrators);
  // Nothing to add to lifetime access: the gift would only tell the member of a month they have.
  const span = await accessSpan(tx, target.id);
  if (span?.live && span.until === null) throw new AppError("CONFLICT", m.lifetimeAlready(target.username));
  const plan = await planByCode(tx, giftPlanCodes[gift.planCode]);
  if (!plan) throw fieldError("planCode", m.planUnknown);
  const lifetime = gift.planCode === "lifetime";
  const months = lifetime ? null : (gift.months ?? 1);
  const granted = await grantEntitlement(tx, {
    userId: target.id,
    planId: plan.id,
    source: "gift",
    ...(months === null ? { endsAt: null } : { months }),
    grantedBy: actor.id,
    stack: true,
  });
  await insertGift(tx, {
    userId: target.id,
    planCode: gift.planCode,
    months: months ?? 1,
    givenBy: actor.id,
  });
  await notifyMember(tx, target.id, {
    title: m.giftTitle,
    message: m.giftMessage(plan.name, months, granted.endsAt ? parisDay(granted.endsAt) : null),
  });
  await recordAudit(tx, actor, {
    action: "user.gift",
    targetType: "user",
    targetId: target.id,
    targetLabel: target.username,
    after: {
      plan: plan.name,
      months,
      startsAt: granted.startsAt.toISOString(),
      endsAt: granted.endsAt ? granted.endsAt.toISOString() : null,
      ...(bulk ? { bulk: true } : {}),
    },
  });
  return granted;
}

export async function gift(deps: Deps, actor: Actor, id: string, body: z.output<typeof giftInput>) {
  const granted = await deps.db.transaction(async (tx) => {
    const [target] = await lockUsers(tx, [id]);
    if (!target) throw new AppError("NOT_FOUND");
    const administrators = await lockAdministrators(tx);
    return giftIn(deps, tx, actor, target, body, administrators, false);
  });
  return {
    user: await get(deps, id),
    startsAt: granted.startsAt.toISOString(),
    endsAt: granted.endsAt ? granted.endsAt.toISOString() : null,
  };
}

/**
 * Bulk actions of the « Utilisateurs » table: every rule of a single action holds for each member;
 * one refused member refuses the whole action (one transaction), naming them.
 */
export async function bulk(deps: Deps, actor: Actor, input: z.output<typeof bulkUsersInput>) {
  return deps.db.transaction(async (tx) => {
    const targets = await lockUsers(tx, input.userIds);
    if (input.action === "delete") {
      await removeIn(deps, tx, actor, targets, true);
    } else {
      const administrators = await lockAdministrators(tx);
      for (const target of targets) {
        await giftIn(deps, tx, actor, target, input, administrators, true);
      }
    }
    return { changed: targets.length };
  });
}
