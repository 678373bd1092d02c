import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import * as adminAudit from "#contract/admin-audit";
import * as adminCatalogue from "#contract/admin-catalogue";
import * as adminCategories from "#contract/admin-categories";
import * as adminNotifications from "#contract/admin-notifications";
import * as adminStats from "#contract/admin-stats";
import * as adminSubtitles from "#contract/admin-subtitles";
import * as adminUsers from "#contract/admin-users";
import * as adminVideos from "#contract/admin-videos";
import * as auth from "#contract/auth";
import * as billing from "#contract/billing";
import * as catalogue from "#contract/catalogue";
import * as cataloguePages from "#contract/catalogue-pages";
import type { Endpoint } from "#contract/endpoint";
import * as history from "#contract/history";
import * as library from "#contract/library";
import * as media from "#contract/media";
import * as member from "#contract/member";
import * as notifications from "#contract/notifications";
import * as player from "#contract/player";
import * as stream from "#contract/stream";
import * as system from "#contract/system";
import * as videoDetail from "#contract/video-detail";

/**
 * Every endpoint of the contract, read from its modules, for the tiers generated from it
 * (tests/api/contract-*.test.ts). A new module of src/contract must be added here: the routes
 * test fails until it is (`unreadModules`).
 */
const modules: Record<string, Record<string, unknown>> = {
  "admin-audit": adminAudit,
  "admin-catalogue": adminCatalogue,
  "admin-categories": adminCategories,
  "admin-notifications": adminNotifications,
  "admin-stats": adminStats,
  "admin-subtitles": adminSubtitles,
  "admin-users": adminUsers,
  "admin-videos": adminVideos,
  auth,
  billing,
  catalogue,
  "catalogue-pages": cataloguePages,
  history,
  library,
  media,
  member,
  notifications,
  player,
  stream,
  system,
  "video-detail": videoDetail,
};

/** Modules without endpoints (shared schemas, texts and types). */
const WITHOUT_ENDPOINTS = ["admin-common", "endpoint", "errors", "operator", "paging", "text", "urls"];

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === "object" &&
  value !== null &&
  "method" in value &&
  "path" in value &&
  "access" in value &&
  "response" in value;

export interface NamedEndpoint {
  /** `module.exportName`, e.g. `library.addFavorite`. */
  name: string;
  e: Endpoint;
}

export const endpoints: NamedEndpoint[] = Object.entries(modules).flatMap(([moduleName, mod]) =>
  Object.entries(mod)
    .filter(([, value]) => isEndpoint(value))
    .map(([exportName, value]) => ({ name: `${moduleName}.${exportName}`, e: value as Endpoint })),
);

/** Files of src/contract that declare endpoints but are not read above. */
export function unreadModules(): string[] {
  const dir = path.resolve(import.meta.dirname, "../../src/contract");
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => f.replace(/\.ts$/, ""))
    .filter((name) => !(name in modules) && !WITHOUT_ENDPOINTS.includes(name));
}

/** The `:name` parameters of a path. */
export const pathParams = (p: string) =>
  [...p.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);

/** A path with each parameter replaced. */
export const fillPath = (p: string, values: Record<string, string> | ((name: string) => string)) =>
  p.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) =>
    encodeURIComponent(typeof values === "function" ? values(name) : (values[name] ?? "")),
  );

export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** A valid value of a path parameter: an unknown id, or a well-formed name where the path names a file. */
const EXAMPLE_PARAMS: Record<string, string> = { track: "360p", segment: "init.mp4", sheet: "1" };
export const validParam = (name: string) => EXAMPLE_PARAMS[name] ?? UNKNOWN_ID;

/** The kind of a field as a request sends it (input side, JSON Schema of the zod schema). */
export type FieldKind = "string" | "number" | "boolean" | "array" | "object";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

function kindsOf(s: JsonSchema): FieldKind[] {
  const own = (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []).map((t) =>
    t === "integer" ? "number" : t,
  );
  const nested = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap(kindsOf);
  return [...new Set([...own, ...nested])].filter((k): k is FieldKind =>
    ["string", "number", "boolean", "array", "object"].includes(k),
  );
}

/** The top-level fields of an object schema (a query or a body) with the kinds each accepts. */
export function fieldsOf(schema: z.ZodType | undefined): { name: string; kinds: FieldKind[] }[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const objects = [json, ...(json.allOf ?? []), ...(json.anyOf ?? [])].filter((s) => s.properties);
  const fields = new Map<string, FieldKind[]>();
  for (const o of objects) {
    for (const [name, prop] of Object.entries(o.properties ?? {})) fields.set(name, kindsOf(prop));
  }
  return [...fields].map(([name, kinds]) => ({ name, kinds }));
}

/**
 * Whether a message a person reads is French: accented letters or common French words, and none
 * of the English words of a library's default messages.
 */
export function isFrench(message: string): boolean {
  if (/\b(Invalid|Expected|received|Required|must|should|Too (big|small))\b/.test(message)) return false;
  return (
    /[àâçéèêëîïôùûüÿœæ]/i.test(message) ||
    /\b(le|la|les|un|une|des|de|du|est|pas|ce|cette|votre|vos|veuillez|invalide|incorrecte?|trop|doit|requise?|introuvable|ressource|authentification|champ|texte|nombre|valeur|inconnue?|lien)\b/i.test(
      message,
    )
  );
}
