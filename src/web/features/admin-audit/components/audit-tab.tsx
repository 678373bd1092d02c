import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useState } from "react";
import type { AuditEntry } from "#contract/admin-audit";
import { type Column, DataTable } from "#web/components/ui/data-table.tsx";
import { PagedList } from "#web/components/ui/paged-list.tsx";
import { SearchField } from "#web/components/ui/search-field.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { StateMessage } from "#web/components/ui/state-message.tsx";
import { adminText, adminAuditText as text } from "#web/i18n/admin.ts";
import { nbsp } from "#web/i18n/typography.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import { type AuditQuery, auditOptions } from "../api/audit-queries.ts";

const PAGE = 25;
const when = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});
type Family = keyof typeof text.families;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value of the journal as a short text, in French (yes/no, dates of Paris). */
function shown(value: unknown, key?: string): string {
  if (typeof value === "string" && key && text.values[key]?.[value]) return text.values[key][value] as string;
  if (value === null || value === undefined || value === "") return text.none;
  if (typeof value === "boolean") return value ? text.yes : text.no;
  // A year is a name, not a quantity: « 2026 », never « 2 026 ».
  if (typeof value === "number") return key === "year" ? String(value) : value.toLocaleString("fr-FR");
  if (typeof value === "string") {
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return when.format(new Date(value));
    return value.length > 80 ? `${value.slice(0, 80)}…` : value;
  }
  if (Array.isArray(value)) return value.map((v) => shown(v, key)).join(", ");
  if (typeof value === "object")
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${text.fields[k] ?? k}${nbsp}: ${shown(v, k)}`)
      .join(", ");
  return String(value);
}

/** What changed: each key, its value before and after. */
function Changes({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <span className="text-muted">{text.none}</span>;
  return (
    <dl className="flex flex-col gap-0.5 text-xs">
      {keys.map((key) => (
        <div key={key} className="flex flex-wrap gap-x-1.5">
          <dt className="font-semibold text-muted">{text.fields[key] ?? key}</dt>
          <dd className="wrap-anywhere">
            {entry.before && key in entry.before && (
              <>
                <span className="text-danger line-through decoration-1">{shown(entry.before[key], key)}</span>
                {entry.after && key in entry.after && " → "}
              </>
            )}
            {entry.after && key in entry.after && <span>{shown(entry.after[key], key)}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * « Journal » (decision 015): every administrator's write — who, when, what, before and after — newest
 * first, filtered by kind of action and searched by target or administrator.
 */
export function AuditTab() {
  const [family, setFamily] = useState<Family | "">("");
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const search = useDebounced(q.trim());
  const query: AuditQuery = {
    limit: PAGE,
    offset,
    ...(family ? { action: family } : {}),
    ...(search ? { q: search } : {}),
  };
  const list = useQuery(auditOptions(query));
  const columns: Column<AuditEntry>[] = [
    { key: "action", header: text.columns.action, card: "title", cell: (e) => text.actions[e.action] },
    {
      key: "at",
      header: text.columns.at,
      className: "whitespace-nowrap",
      cell: (e) => when.format(new Date(e.at)),
    },
    { key: "actor", header: text.columns.actor, cell: (e) => e.actorName },
    {
      key: "target",
      header: text.columns.target,
      cell: (e) => <span className="wrap-anywhere">{e.targetLabel || text.none}</span>,
    },
    {
      key: "changes",
      header: text.columns.changes,
      className: "min-w-56",
      cell: (e) => <Changes entry={e} />,
    },
  ];
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby="admin-audit-heading">
      <h2 id="admin-audit-heading" className="text-xl font-bold">
        {text.heading}
      </h2>
      <p className="text-sm text-muted">{text.text}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField
          look="field"
          className="min-w-0 basis-52"
          label={text.filter}
          value={family}
          options={[
            { value: "" as const, label: text.allActions },
            ...(Object.keys(text.families) as Family[]).map((f) => ({ value: f, label: text.families[f] })),
          ]}
          onChange={(v) => {
            setFamily(v);
            setOffset(0);
          }}
        />
        <SearchField
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={q}
          onChange={(value) => {
            setQ(value);
            setOffset(0);
          }}
        />
      </div>
      <PagedList
        list={list}
        texts={adminText}
        isEmpty={items.length === 0}
        empty={
          search || family ? (
            <StateMessage icon={History} title={text.empty} text={text.emptyFiltered} />
          ) : (
            <StateMessage icon={History} title={text.emptyYet} text={text.emptyYetText} />
          )
        }
        offset={offset}
        limit={PAGE}
        onOffset={setOffset}
      >
        {() => <DataTable caption={text.heading} columns={columns} rows={items} rowKey={(e) => e.id} />}
      </PagedList>
    </section>
  );
}
