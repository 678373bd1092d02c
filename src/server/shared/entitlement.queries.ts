import { and, desc, eq, isNull, or, type SQLWrapper, sql } from "drizzle-orm";
import { users } from "#db/schema/auth";
import { type entitlementSources, entitlements, subscriptionPlans } from "#db/schema/billing";
import { type Conn, rowsOf } from "./sql.queries.ts";

/**
 * Access to content is one model (ARCHITECTURE; docs/decisions/012-entitlements.md): a member may
 * watch while one of their entitlements covers now. spec §4 Subscription: active while the end is
 * absent or not in the past *in Paris time* — a period ending on a day plays until that day ends in
 * Paris (DST included: PostgreSQL does the zone arithmetic).
 */

export type EntitlementSource = (typeof entitlementSources)[number];

export interface StreamPlan {
  planId: string;
  code: string;
  name: string;
  maxStreams: number;
  maxQuality: "low" | "medium" | "high" | "ultra";
  source: EntitlementSource;
}

// The clock, not the transaction's start: a grant made while another one waited on the member's
// lock must see the period that one just created as started.
const instantOf = (at?: Date) => (at ? sql`${at.toISOString()}::timestamptz` : sql`clock_timestamp()`);

/** The condition "this entitlement covers `instant`" (spec §4, in Paris time). */
const covers = (instant: ReturnType<typeof instantOf>) =>
  and(
    isNull(entitlements.revokedAt),
    sql`${entitlements.startsAt} <= ${instant}`,
    or(
      isNull(entitlements.endsAt),
      sql`(${entitlements.endsAt} at time zone 'Europe/Paris')::date >= (${instant} at time zone 'Europe/Paris')::date`,
    ),
  );

/**
 * The condition "one of this member's entitlements covers now", for a query over another table
 * (the stream's byte check: a taken-back or ended access stops its tickets).
 */
export const coveredNow = (userId: SQLWrapper) =>
  sql`exists (select 1 from ${entitlements} where ${entitlements.userId} = ${userId} and ${covers(instantOf())})`;

/**
 * The plan a member may watch with now, or null. Several entitlements at once (a gift during a paid
 * month): the one with the most simultaneous streams wins. `at` (tests): another instant.
 */
export async function activeStreamPlan(db: Conn, userId: string, at?: Date): Promise<StreamPlan | null> {
  const [row] = await db
    .select({
      planId: subscriptionPlans.id,
      code: subscriptionPlans.code,
      name: subscriptionPlans.name,
      maxStreams: subscriptionPlans.maxStreams,
      maxQuality: subscriptionPlans.maxQuality,
      source: entitlements.source,
    })
    .from(entitlements)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, entitlements.planId))
    .where(and(eq(entitlements.userId, userId), covers(instantOf(at))))
    .orderBy(desc(subscriptionPlans.maxStreams), sql`${entitlements.endsAt} desc nulls first`)
    .limit(1);
  return row ?? null;
}

export interface AccessSpan {
  /** The plan of the period covering now, or of the last one that ended. */
  planId: string;
  code: string;
  name: string;
  /** Whether an entitlement covers now. */
  live: boolean;
  /** Until when access lasts if nothing more is paid (periods that follow each other are joined); null = no end. */
  until: Date | null;
  /** Whole days from today to `until`'s day, in Paris; negative once ended; null without an end. */
  daysLeft: number | null;
}

/**
 * The member's access as the settings show it (spec §4 display states): the span of periods that
 * covers now, joined end to end (a gift stacked on a paid month counts), or the last period that
 * ended. Null for a member who never had any.
 */
export async function accessSpan(db: Conn, userId: string, at?: Date): Promise<AccessSpan | null> {
  const instant = instantOf(at);
  const rows = rowsOf<{
    plan_id: string;
    code: string;
    name: string;
    starts_at: Date | string;
    ends_at: Date | string | null;
    revoked: boolean;
    started: boolean;
    max_streams: number;
    today: string;
  }>(
    await db.execute(sql`
      select e.plan_id, p.code, p.name, e.starts_at, coalesce(e.revoked_at, e.ends_at) as ends_at,
        e.revoked_at is not null as revoked, e.starts_at <= ${instant} as started, p.max_streams,
        ((${instant}) at time zone 'Europe/Paris')::date::text as today
      from entitlements e join subscription_plans p on p.id = e.plan_id
      where e.user_id = ${userId}
      order by e.starts_at, e.created_at`),
  );
  if (rows.length === 0) return null;
  const today = rows[0]?.today as string;
  const parisDay = (d: Date | string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date(d));
  const dayDiff = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  const coversToday = (r: (typeof rows)[number]) =>
    !r.revoked && r.started && (r.ends_at === null || parisDay(r.ends_at) >= today);

  const covering = rows.filter(coversToday);
  const current = [...covering].sort((a, b) => b.max_streams - a.max_streams)[0];
  if (current) {
    // The end of the covering periods, then of those that start by that end's day (stacked ones).
    let until: Date | null = covering.some((r) => r.ends_at === null)
      ? null
      : new Date(Math.max(...covering.map((r) => new Date(r.ends_at as string).getTime())));
    for (const r of rows) {
      if (until === null) break;
      if (r.revoked || r.started || parisDay(r.starts_at) > parisDay(until)) continue;
      until = r.ends_at === null ? null : new Date(Math.max(until.getTime(), new Date(r.ends_at).getTime()));
    }
    return {
      planId: current.plan_id,
      code: current.code,
      name: current.name,
      live: true,
      until,
      daysLeft: until === null ? null : dayDiff(today, parisDay(until)),
    };
  }
  const last = rows
    .filter((r) => r.started && r.ends_at !== null)
    .sort((a, b) => new Date(b.ends_at as string).getTime() - new Date(a.ends_at as string).getTime())[0];
  if (!last || last.ends_at === null) return null;
  return {
    planId: last.plan_id,
    code: last.code,
    name: last.name,
    live: false,
    until: new Date(last.ends_at),
    daysLeft: dayDiff(today, parisDay(last.ends_at)),
  };
}

export interface Grant {
  userId: string;
  planId: string;
  source: EntitlementSource;
  /** Length of the period in months (gifts, monthly payments); absent with `endsAt`. */
  months?: number;
  /** The period's end when the provider states it; null = no end (lifetime). */
  endsAt?: Date | null;
  /** Starts where the member's current access ends (a gift extends a paid month instead of overlapping it). */
  stack?: boolean;
  grantedBy?: string;
  /** The provider's payment, invoice or order: a second grant with the same reference grants nothing. */
  providerRef?: string;
}

export interface Granted {
  id: string;
  startsAt: Date;
  endsAt: Date | null;
  /** False when this reference had already been granted (a webhook delivered twice). */
  created: boolean;
}

/**
 * Grants an entitlement (call inside the caller's transaction). The member's row is locked first so
 * that two grants at once stack one after the other instead of overlapping.
 */
export async function grantEntitlement(tx: Conn, g: Grant): Promise<Granted> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, g.userId)).for("update");
  if (g.providerRef) {
    const [existing] = await tx
      .select({ id: entitlements.id, startsAt: entitlements.startsAt, endsAt: entitlements.endsAt })
      .from(entitlements)
      .where(and(eq(entitlements.source, g.source), eq(entitlements.providerRef, g.providerRef)));
    if (existing) return { ...existing, created: false };
  }
  let start: Date = new Date();
  if (g.stack) {
    const span = await accessSpan(tx, g.userId);
    if (span?.live && span.until && span.until > start) start = span.until;
  }
  const startsAt = sql`${start.toISOString()}::timestamptz`;
  const endsAt =
    g.months !== undefined
      ? sql`${startsAt} + make_interval(months => ${g.months})`
      : g.endsAt
        ? sql`${g.endsAt.toISOString()}::timestamptz`
        : sql`null`;
  const [row] = await tx
    .insert(entitlements)
    .values({
      userId: g.userId,
      planId: g.planId,
      source: g.source,
      startsAt: startsAt as unknown as Date,
      endsAt: endsAt as unknown as Date,
      grantedBy: g.grantedBy ?? null,
      providerRef: g.providerRef ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: entitlements.id, startsAt: entitlements.startsAt, endsAt: entitlements.endsAt });
  if (row) return { ...row, created: true };
  // A concurrent grant with the same reference won the race: report it.
  const [existing] = await tx
    .select({ id: entitlements.id, startsAt: entitlements.startsAt, endsAt: entitlements.endsAt })
    .from(entitlements)
    .where(and(eq(entitlements.source, g.source), eq(entitlements.providerRef, g.providerRef ?? "")));
  if (!existing) throw new Error("entitlement neither inserted nor found");
  return { ...existing, created: false };
}

/** Ends access at once (a refund, an immediate cancellation): the periods paid by `providerRef`. */
export async function revokeEntitlement(tx: Conn, source: EntitlementSource, providerRef: string) {
  const rows = await tx
    .update(entitlements)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(entitlements.source, source),
        eq(entitlements.providerRef, providerRef),
        isNull(entitlements.revokedAt),
      ),
    )
    .returning({ id: entitlements.id, userId: entitlements.userId });
  return rows;
}
