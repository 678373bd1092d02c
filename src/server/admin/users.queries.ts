import { and, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { profiles, users } from "#db/schema/auth";
import { entitlements, giftSubscriptions, subscriptionPlans } from "#db/schema/billing";
import { type Conn, likeEscapeJs, rowsOf, type Tx } from "../shared/sql.queries.ts";

/** The SQL of the « Utilisateurs » tab (spec §7 admin-users, profiles, give-subscription). */

const columns = {
  id: users.id,
  username: profiles.username,
  email: users.email,
  avatar: profiles.avatar,
  role: profiles.role,
  createdAt: users.createdAt,
};

export type UserRow = {
  id: string;
  username: string;
  email: string;
  avatar: string | null;
  role: "membre" | "user" | "admin";
  createdAt: Date;
};

export async function usersPage(
  db: Db,
  opts: { limit: number; offset: number; q?: string | undefined; role?: "user" | "admin" | undefined },
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (opts.q) {
    const pattern = `%${likeEscapeJs(opts.q.toLowerCase())}%`;
    conditions.push(
      sql`(lower(${profiles.username}) like ${pattern} or lower(${users.email}) like ${pattern})`,
    );
  }
  if (opts.role === "admin") conditions.push(eq(profiles.role, "admin"));
  if (opts.role === "user") conditions.push(ne(profiles.role, "admin"));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(users).innerJoin(profiles, eq(profiles.id, users.id)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function userById(db: Conn, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, id));
  return row;
}

/** Members locked in id order (two bulk actions at once never wait on each other in a cycle). */
export async function lockUsers(tx: Tx, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select(columns)
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for("update");
}

/**
 * The administrators, their rows locked: a demotion and a deletion decided at once cannot both
 * leave the product without one (SECURITY-CHECKLIST 17).
 */
export async function lockAdministrators(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.role, "admin"))
    .orderBy(profiles.id)
    .for("update");
  return rows.map((r) => r.id);
}

/** Whether another account has this address (whatever its case). */
export async function emailTaken(tx: Conn, email: string, exceptId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function setEmail(tx: Tx, id: string, email: string) {
  await tx.update(users).set({ email, updatedAt: sql`now()` }).where(eq(users.id, id));
}

export async function setRole(tx: Tx, id: string, role: "membre" | "admin") {
  await tx.update(profiles).set({ role }).where(eq(profiles.id, id));
}

export async function planByCode(tx: Conn, code: string) {
  const [row] = await tx
    .select({ id: subscriptionPlans.id, name: subscriptionPlans.name, code: subscriptionPlans.code })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.code, code));
  return row;
}

/** spec §3 Gift subscription: the record of what was given (access itself is the entitlement). */
export async function insertGift(
  tx: Tx,
  gift: { userId: string; planCode: "essentiel" | "premium" | "lifetime"; months: number; givenBy: string },
) {
  await tx.insert(giftSubscriptions).values({
    userId: gift.userId,
    planCode: gift.planCode,
    durationMonths: gift.months,
    givenBy: gift.givenBy,
  });
}

/**
 * The access of a page of members at once (decision 012, spec §4 in Paris time): the plan covering
 * today (the one with the most streams), where it comes from, and until when access lasts — the
 * latest end of the periods not yet over (stacked ones follow each other), null when one has none.
 */
export async function accessOfMembers(db: Conn, ids: string[]) {
  if (ids.length === 0)
    return new Map<string, { code: string; name: string; source: string; until: Date | null }>();
  const rows = rowsOf<{
    user_id: string;
    code: string;
    name: string;
    source: string;
    until: string | Date | null;
    lifetime: boolean;
  }>(
    await db.execute(sql`
      with today as (select (now() at time zone 'Europe/Paris')::date as day),
      live as (
        select e.*, p.code, p.name, p.max_streams,
          e.starts_at <= now() as started
        from ${entitlements} e join ${subscriptionPlans} p on p.id = e.plan_id, today
        where e.user_id in ${ids} and e.revoked_at is null
          and (e.ends_at is null or (e.ends_at at time zone 'Europe/Paris')::date >= today.day)
      )
      select user_id,
        (array_agg(code order by max_streams desc, ends_at desc nulls first) filter (where started))[1] as code,
        (array_agg(name order by max_streams desc, ends_at desc nulls first) filter (where started))[1] as name,
        (array_agg(source order by max_streams desc, ends_at desc nulls first) filter (where started))[1] as source,
        max(ends_at) as until,
        bool_or(ends_at is null) as lifetime
      from live group by user_id having bool_or(started)`),
  );
  return new Map(
    rows.map((r) => [
      r.user_id,
      {
        code: r.code,
        name: r.name,
        source: r.source,
        until: r.lifetime || r.until === null ? null : new Date(r.until),
      },
    ]),
  );
}
