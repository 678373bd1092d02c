import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { userSettings } from "#db/schema/activity";
import { billingSettings } from "#db/schema/billing";
import type { Conn } from "../shared/sql.queries.ts";

export type LocalSettingsRow = typeof userSettings.$inferSelect;
export type BillingSettingsRow = typeof billingSettings.$inferSelect;
export type LocalSettingsChange = Partial<Omit<typeof userSettings.$inferInsert, "userId">>;
export type BillingSettingsChange = Partial<typeof billingSettings.$inferInsert>;

/** The member's settings rows (either may be missing: the defaults apply). */
export async function settingsRows(db: Conn, userId: string) {
  const [[local], [billing]] = await Promise.all([
    db.select().from(userSettings).where(eq(userSettings.userId, userId)),
    db.select().from(billingSettings).where(eq(billingSettings.userId, userId)),
  ]);
  return { local, billing };
}

/**
 * Writes the settings sent, in one transaction (rows created on first save). The billing row is
 * locked and `billingChange` computes its new values from what is stored, so that the auto-renew
 * flag lands on the method it was meant for even when two devices save at once.
 */
export async function saveSettings(
  db: Db,
  userId: string,
  local: LocalSettingsChange,
  billingChange: ((current: BillingSettingsRow) => BillingSettingsChange) | undefined,
) {
  await db.transaction(async (tx) => {
    if (Object.keys(local).length > 0) {
      await tx
        .insert(userSettings)
        .values({ userId, ...local })
        .onConflictDoUpdate({ target: userSettings.userId, set: { ...local, updatedAt: sql`now()` } });
    }
    if (!billingChange) return;
    await tx.insert(billingSettings).values({ userId }).onConflictDoNothing();
    const [current] = await tx
      .select()
      .from(billingSettings)
      .where(eq(billingSettings.userId, userId))
      .for("update");
    if (!current) throw new Error("billing settings row missing after insert");
    await tx
      .update(billingSettings)
      .set({ ...billingChange(current), updatedAt: sql`now()` })
      .where(eq(billingSettings.userId, userId));
  });
}
