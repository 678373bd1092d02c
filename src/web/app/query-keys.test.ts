// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adminAuditKeys } from "#web/features/admin-audit/api/audit-queries.ts";
import { adminCategoryKeys } from "#web/features/admin-categories/api/admin-category-queries.ts";
import { adminNotificationKeys } from "#web/features/admin-notifications/api/admin-notification-queries.ts";
import { adminStatsKeys } from "#web/features/admin-stats/api/stats-queries.ts";
import { adminUserKeys } from "#web/features/admin-users/api/admin-user-queries.ts";
import { adminVideoKeys } from "#web/features/admin-videos/api/admin-video-queries.ts";
import { authKeys } from "#web/features/auth/api/auth-queries.ts";
import { catalogueKeys } from "#web/features/catalogue/api/video-queries.ts";
import { cataloguePagesKeys } from "#web/features/catalogue-pages/api/pages-queries.ts";
import { historyKeys } from "#web/features/history/api/history-queries.ts";
import { libraryKeys } from "#web/features/library/api/library-queries.ts";
import { memberKeys } from "#web/features/member/api/member-queries.ts";
import { notificationKeys } from "#web/features/notifications/api/notification-queries.ts";
import { playerKeys } from "#web/features/player/api/player-queries.ts";
import { searchKeys } from "#web/features/search/api/discovery-queries.ts";
import { subscriptionKeys } from "#web/features/subscription/api/plan-queries.ts";
import { videoInfoKeys } from "#web/features/video-info/api/detail-queries.ts";
import { sessionKeys } from "#web/lib/session/session-query.ts";

const web = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [full] : [];
  });
}

/** The first segment of every key a factory makes (functions called with sample arguments). */
function roots(factory: Record<string, unknown>): Set<unknown> {
  return new Set(
    Object.values(factory).flatMap((value) => {
      if (Array.isArray(value)) return [value[0]];
      if (typeof value === "function") return [(value as (...a: unknown[]) => unknown[])("x", "y", "z")[0]];
      return [];
    }),
  );
}

describe("query keys (docs/decisions/010)", () => {
  const factories = {
    session: sessionKeys,
    "admin-audit": adminAuditKeys,
    "admin-categories": adminCategoryKeys,
    "admin-notifications": adminNotificationKeys,
    "admin-stats": adminStatsKeys,
    "admin-users": adminUserKeys,
    "admin-videos": adminVideoKeys,
    auth: authKeys,
    catalogue: catalogueKeys,
    "catalogue-pages": cataloguePagesKeys,
    history: historyKeys,
    library: libraryKeys,
    member: memberKeys,
    notifications: notificationKeys,
    player: playerKeys,
    search: searchKeys,
    subscription: subscriptionKeys,
    "video-info": videoInfoKeys,
  };

  it("gives each feature one key root of its own, so no two features own the same cached answer", () => {
    const owners = new Map<unknown, string[]>();
    for (const [name, factory] of Object.entries(factories)) {
      const own = [...roots(factory as Record<string, unknown>)];
      expect(own, `${name} keys share one root`).toHaveLength(1);
      owners.set(own[0], [...(owners.get(own[0]) ?? []), name]);
    }
    expect([...owners.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  it("writes no literal query key outside the factories", () => {
    const literal = /queryKey(?:\[0\])?\s*[:=!]=*\s*\[?\s*"/;
    const offenders = sources(web)
      .filter((file) => literal.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(web, file));
    expect(offenders).toEqual([]);
  });
});
