import type { SessionUser } from "#contract/auth";
import { memberMessages, type ProfileResponse, type UpdateProfileBody } from "#contract/member";
import type { Db } from "#db/client";
import { usernameClash } from "../shared/accounts.queries.ts";
import { isUniqueViolation, violatedConstraint } from "../shared/db-errors.ts";
import { AppError, fieldError } from "../shared/errors.ts";
import { recentActivities, updateProfileRow, userStats } from "./profile.queries.ts";

/** spec §2 Profile: identity, stats and the 10 latest activities. */
export async function profile(db: Db, user: SessionUser): Promise<ProfileResponse> {
  const [stats, activities] = await Promise.all([userStats(db, user.id), recentActivities(db, user.id)]);
  return { user, stats, activities };
}

const usernameTaken = (lookAlike: boolean) =>
  fieldError("username", lookAlike ? memberMessages.usernameLookAlike : memberMessages.usernameTaken);

/**
 * spec §7 profiles: update {username, avatar}. The username follows the sign-up rules (contract)
 * and is unique whatever its case and by its look-alike skeleton (the unique indexes
 * profiles_username_lower_uq and profiles_username_skeleton_uq decide between concurrent edits).
 */
export async function updateProfile(
  db: Db,
  user: SessionUser,
  body: UpdateProfileBody,
): Promise<SessionUser> {
  const changes: { username?: string; avatar?: string | null } = {};
  if (body.username !== undefined && body.username !== user.username) {
    const clash = await usernameClash(db, body.username, user.id);
    if (clash) throw usernameTaken(clash === "look-alike");
    changes.username = body.username;
  }
  if (body.avatar !== undefined) changes.avatar = body.avatar;
  if (Object.keys(changes).length === 0) return user;
  try {
    const row = await updateProfileRow(db, user.id, changes);
    if (!row) throw new AppError("UNAUTHENTICATED");
    return { ...user, username: row.username, avatar: row.avatar };
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken(violatedConstraint(err).includes("skeleton"));
    throw err;
  }
}
