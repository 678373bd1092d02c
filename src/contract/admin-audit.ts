import { z } from "zod";
import { adminPage, adminPageOf, adminSearch } from "./admin-common.ts";
import { endpoint } from "./endpoint.ts";

/**
 * The journal of the administration (decision 015, « Journal »; docs/decisions/015-administration.md):
 * every administrator's write — who, when, what, before and after — written in the write's own
 * transaction, so what changed members' data can always be traced.
 */

/** Every action the journal records. */
export const auditActions = [
  "video.create",
  "video.update",
  "video.delete",
  "videos.bulk",
  "episode.delete",
  "image.upload",
  "category.create",
  "category.update",
  "category.delete",
  "subtitle.create",
  "subtitle.update",
  "subtitle.delete",
  "user.update",
  "user.delete",
  "user.gift",
  "users.bulk",
  "notification.send",
  "notification.update",
  "notification.delete",
  "cache.clear",
  "catalogue.import",
  "payment.refund",
  "payment.partial_refund",
  "payment.confirm",
  "payment.reject",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntry = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  /** Null once the administrator's account is gone; `actorName` still says who it was. */
  actorId: z.uuid().nullable(),
  actorName: z.string(),
  action: z.enum(auditActions),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string(),
  /** What changed: the values before and after (absent for a creation or a deletion). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const listAudit = endpoint({
  method: "GET",
  path: "/api/admin/audit",
  summary: "Administrateurs\u00a0: le journal des actions d'administration, les plus récentes d'abord",
  tags: ["admin"],
  access: "admin",
  query: z.object({
    ...adminPage,
    /** One action, or a family: `video` for every video.* action. */
    action: z
      .enum([...auditActions, "video", "category", "subtitle", "user", "notification", "payment"])
      .optional(),
    actorId: z.uuid().optional(),
    /** Text searched in the target's label and the administrator's name. */
    q: adminSearch.optional(),
  }),
  response: adminPageOf(auditEntry),
});
