import type { AuditAction } from "#contract/admin-audit";
import { adminAudit } from "#db/schema/admin";
import type { Conn } from "./sql.queries.ts";

/**
 * The administration's journal, written by every domain an administrator writes through (the
 * administration, the notifications), always inside the write's own transaction: the change and
 * its trace commit together or not at all (docs/decisions/015-administration.md).
 */

export interface Actor {
  id: string;
  username: string;
}

/**
 * A change no administrator made, told by a provider (a refund made in Stripe's dashboard): the
 * journal names the provider, with no account behind it.
 */
export interface ProviderActor {
  id: null;
  username: string;
}

/** The administrator a route acts for (the journal names them even once their account is gone). */
export const actorOf = (user: { id: string; username: string }): Actor => ({
  id: user.id,
  username: user.username,
});

export interface AuditRecord {
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  targetLabel?: string;
  /** The values before and after, as small plain objects (never a secret nor a file's bytes). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes one line of the journal, in `tx`. */
export async function recordAudit(
  tx: Conn,
  actor: Actor | ProviderActor,
  record: AuditRecord,
): Promise<void> {
  const summary: { before?: unknown; after?: unknown } = {};
  if (record.before) summary.before = record.before;
  if (record.after) summary.after = record.after;
  await tx.insert(adminAudit).values({
    actorId: actor.id,
    actorName: actor.username,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId ?? null,
    targetLabel: (record.targetLabel ?? "").slice(0, 300),
    summary,
  });
}

/**
 * What changed between two versions of a row: the keys whose values differ, before and after
 * (a creation has no before, a deletion no after).
 */
export function changes<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length > 0 ? { before: b, after: a } : null;
}
