import type { Db } from "#db/client";
import { profiles, users } from "#db/schema/auth";

let counter = 0;

/** A member with a profile and no credentials (tests/support/members.ts adds a session and a password). */
export async function makeUser(db: Db, over: { username?: string; role?: "membre" | "user" | "admin" } = {}) {
  const n = ++counter;
  const username = over.username ?? `membre-${n}-${Math.random().toString(36).slice(2, 7)}`;
  const [user] = await db
    .insert(users)
    .values({ email: `${username}@bobine.example`, emailVerified: true })
    .returning();
  if (!user) throw new Error("user not created");
  await db.insert(profiles).values({ id: user.id, username, role: over.role ?? "membre" });
  return { ...user, username };
}
