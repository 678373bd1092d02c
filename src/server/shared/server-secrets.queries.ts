import { eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { serverSecrets } from "#db/schema/stream";

/**
 * The stored secret of a name, created once with `value` if there is none, so that it survives
 * restarts and every process sharing the database agrees on it (stream tickets, device cookies).
 */
export async function serverSecret(db: Db, name: string, value: string): Promise<string | undefined> {
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  return row?.value;
}
