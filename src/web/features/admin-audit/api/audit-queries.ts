import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { listAudit } from "#contract/admin-audit";
import type { EndpointQueryInput } from "#contract/endpoint";
import { apiGet } from "#web/lib/api.ts";
import { adminData } from "#web/lib/query-tags.ts";

/** The « Journal » tab through TanStack Query (one key root). */
export const adminAuditKeys = {
  root: "admin-audit",
  list: (query: object) => ["admin-audit", "list", query] as const,
};

export type AuditQuery = EndpointQueryInput<typeof listAudit>;

export const auditOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: adminAuditKeys.list(query),
    queryFn: ({ signal }) => apiGet(listAudit, { query, signal }),
    meta: adminData,
    placeholderData: keepPreviousData,
  });
