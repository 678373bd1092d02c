import { sql } from "drizzle-orm";
import type { Scenario } from "../scenario.ts";

const FILMS = 1_000;

/**
 * Issue #5 "progress saves per second at 50 connections": one member saving positions on 1,000
 * films in turn, as players do every 30 s: each PUT is one upsert (one row per member and film;
 * a save not older than the stored one wins), so the table stays at 1,000 rows.
 */
export const historyScenario: Scenario = {
  name: "history",
  description: "PUT /api/history/progress (a member saving positions on 1,000 films)",
  async run(ctx) {
    const rows = (
      (await ctx.database.db.execute(
        sql`select id from videos where type = 'movie' order by id limit ${FILMS}`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    if (rows.length === 0) {
      ctx.log("history: no film to save progress on, skipped");
      return;
    }
    const cookie = await ctx.memberCookie();
    const started = Date.now();
    const bodies = rows.map((r, i) =>
      JSON.stringify({
        videoId: r.id,
        currentPosition: 60 + (i % 600),
        totalDuration: 5_400,
        clientSavedAt: started + i,
      }),
    );
    await ctx.measure(
      `PUT /api/history/progress <${rows.length} films, one member>`,
      rows.map(() => "/api/history/progress"),
      {
        key: "PUT /api/history/progress",
        headers: { cookie, "content-type": "application/json" },
        write: { method: "PUT", bodies },
      },
    );
  },
};
