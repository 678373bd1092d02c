import type { FastifyInstance } from "fastify";
import {
  deleteAccount,
  eraseData,
  exportData,
  getProfile,
  getSettings,
  memberMessages,
  updateProfile,
  updateSettings,
} from "#contract/member";
import type { Db } from "#db/client";
import { requireUser } from "../auth/guards.ts";
import { consume } from "../auth/rate-limit.ts";
import { clearSessionCookie, toSessionUser } from "../auth/session.ts";
import type { Config } from "../config.ts";
import { route } from "../route.ts";
import * as data from "./data.service.ts";
import * as profiles from "./profile.service.ts";
import * as settings from "./settings.service.ts";

/** Settings and profile saves per member and minute: each toggle is a save, a script has a ceiling. */
export const MEMBER_WRITES_PER_MINUTE = 120;
/** Password confirmations of an account deletion per member and hour (guessing stays slow). */
export const DELETE_ATTEMPTS_PER_HOUR = 10;

/** The member's own space (issue 6): profile, settings, export, erase, account deletion. */
export function registerMemberRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  const writer = async (userId: string) =>
    consume(db, { bucket: `member-write:${userId}`, max: MEMBER_WRITES_PER_MINUTE, windowSeconds: 60 });

  route(app, getProfile, async ({ request }) => profiles.profile(db, toSessionUser(requireUser(request))));
  route(app, updateProfile, async ({ request, body }) => {
    const user = requireUser(request);
    await writer(user.id);
    const updated = await profiles.updateProfile(db, toSessionUser(user), body);
    return { user: updated, message: memberMessages.profileUpdated };
  });

  route(app, getSettings, async ({ request }) => settings.settingsWithStatus(db, requireUser(request).id));
  route(app, updateSettings, async ({ request, body }) => {
    const user = requireUser(request);
    await writer(user.id);
    return settings.updateSettings(db, user.id, body);
  });

  route(app, exportData, async ({ request, reply }) => {
    const user = requireUser(request);
    const day = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });
    // SECURITY-CHECKLIST 32: JSON sent as an attachment, never cached by anyone.
    reply.header("Content-Disposition", `attachment; filename="bobine-mes-donnees-${day}.json"`);
    reply.header("Cache-Control", "no-store");
    return data.exportData(db, user);
  });

  route(app, eraseData, async ({ request }) => {
    const user = requireUser(request);
    await writer(user.id);
    await data.eraseData(db, user.id);
    return { message: memberMessages.dataErased };
  });

  route(
    app,
    deleteAccount,
    async ({ request, reply, body }) => {
      const user = requireUser(request);
      await consume(db, {
        bucket: `account-delete:${user.id}`,
        max: DELETE_ATTEMPTS_PER_HOUR,
        windowSeconds: 3600,
      });
      await data.deleteAccount(db, user, body.password, config.protectedAccounts);
      clearSessionCookie(reply, config);
      return null;
    },
    { status: 204 },
  );
}
