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
import type { DomainPlugin } from "../shared/context.ts";
import { consume, limits } from "../shared/rate-limits.ts";
import { router } from "../shared/route.ts";
import { clearSessionCookie, toSessionUser } from "../shared/session.ts";
import * as data from "./data.service.ts";
import * as profiles from "./profile.service.ts";
import * as settings from "./settings.service.ts";

/** The member's own space (spec §2 Profile, Settings): profile, settings, export, erase, account deletion. */
export const memberRoutes: DomainPlugin = async (app, ctx) => {
  const { db, config } = ctx;
  const route = router(app, ctx);
  const write = (userId: string) => consume(db, limits.memberWrite(userId));

  route(getProfile, async ({ user }) => profiles.profile(db, toSessionUser(user)));
  route(updateProfile, async ({ user, body }) => {
    await write(user.id);
    const updated = await profiles.updateProfile(db, toSessionUser(user), body);
    return { user: updated, message: memberMessages.profileUpdated };
  });

  route(getSettings, async ({ user }) => settings.settingsWithStatus(db, user.id));
  route(updateSettings, async ({ user, body }) => {
    await write(user.id);
    return settings.updateSettings(db, user.id, body);
  });

  route(exportData, async ({ user, reply }) => {
    // SECURITY-CHECKLIST 32: JSON sent as an attachment, never cached by anyone.
    reply.header("Content-Disposition", `attachment; filename="${data.exportFileName()}"`);
    reply.header("Cache-Control", "no-store");
    return data.exportData(db, user);
  });

  route(eraseData, async ({ user }) => {
    await write(user.id);
    await data.eraseData(db, user.id);
    return { message: memberMessages.dataErased };
  });

  route(
    deleteAccount,
    async ({ user, reply, body }) => {
      await consume(db, limits.accountDelete(user.id));
      await data.deleteAccount(db, user, body.password, config.protectedAccounts);
      clearSessionCookie(reply, config);
      return null;
    },
    { status: 204 },
  );
};
