import { and, count, desc, eq, like, or, type SQL, sql } from "drizzle-orm";
import type { AuditAction, AuditEntry } from "#contract/admin-audit";
import type { Db } from "#db/client";
import { adminAudit } from "#db/schema/admin";
import { likeEscapeJs } from "../shared/sql.queries.ts";

/** The « Journal » tab: the journal's lines, newest first, filtered (the writes are shared/audit.queries.ts). */
export async function auditPage(
  db: Db,
  opts: {
    limit: number;
    offset: number;
    action?: string | undefined;
    actorId?: string | undefined;
    q?: string | undefined;
  },
): Promise<{ items: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (opts.action) {
    conditions.push(
      opts.action.includes(".")
        ? eq(adminAudit.action, opts.action)
        : like(adminAudit.action, `${opts.action}.%`),
    );
  }
  if (opts.actorId) conditions.push(eq(adminAudit.actorId, opts.actorId));
  if (opts.q) {
    const pattern = `%${likeEscapeJs(opts.q.toLowerCase())}%`;
    const match = or(
      sql`lower(${adminAudit.targetLabel}) like ${pattern}`,
      sql`lower(${adminAudit.actorName}) like ${pattern}`,
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .where(where)
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(adminAudit).where(where),
  ]);
  const record = (v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      actorId: r.actorId,
      actorName: r.actorName,
      action: r.action as AuditAction,
      targetType: r.targetType,
      targetId: r.targetId,
      targetLabel: r.targetLabel,
      before: record(r.summary.before),
      after: record(r.summary.after),
    })),
  };
}
