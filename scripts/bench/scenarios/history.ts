import { sql } from "drizzle-orm";
import type { Scenario } from "../scenario.ts";

const FILMS = 1_000;

/**
 * "Progress saves per second at 50 connections": one member saving positions on 1,000
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
    const m = await ctx.measure(
      `PUT /api/history/progress <${rows.length} films, one member>`,
      rows.map(() => "/api/history/progress"),
      {
        key: "PUT /api/history/progress",
        headers: { cookie, "content-type": "application/json" },
        write: { method: "PUT", bodies },
      },
    );
    // Exact: after the load, one more save of every film, newer than all, sent 50 at a time: each
    // film must then hold exactly one row (none doubled) with that save (none lost).
    const final = Date.now() + 1;
    const answers: boolean[] = [];
    for (let i = 0; i < rows.length; i += 50) {
      const batch = rows.slice(i, i + 50).map(async (r, j) => {
        const res = await fetch(`${ctx.origin}/api/history/progress`, {
          method: "PUT",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify({
            videoId: r.id,
            currentPosition: 61 + ((i + j) % 600),
            totalDuration: 5_400,
            clientSavedAt: final + i + j,
          }),
        });
        return res.ok && ((await res.json()) as { saved: boolean }).saved;
      });
      answers.push(...(await Promise.all(batch)));
    }
    const stored = (
      (await ctx.database.db.execute(sql`
        select h.video_id, h.client_saved_at from watch_history h
        where h.user_id in (select id from users where email like 'bench-%@example.org')`)) as unknown as {
        rows: { video_id: string; client_saved_at: string | number }[];
      }
    ).rows;
    const expected = new Map(rows.map((r, i) => [r.id, final + i]));
    const byFilm = new Map<string, number>();
    for (const r of stored) byFilm.set(r.video_id, (byFilm.get(r.video_id) ?? 0) + 1);
    const doubled = [...byFilm.values()].filter((n) => n > 1).length;
    const lost = rows.filter((r) => !byFilm.has(r.id)).length;
    const wrong = stored.filter((r) => Number(r.client_saved_at) !== expected.get(r.video_id)).length;
    const refused = answers.filter((ok) => !ok).length;
    ctx.check(
      "progress saves exact (none lost, none doubled, each row its last save)",
      doubled === 0 && lost === 0 && wrong === 0 && refused === 0 && m.result.non2xx === 0,
      `${m.result.requests.toLocaleString("en-US")} saves under load, then ${rows.length} concurrent last saves → ${byFilm.size} rows; ${lost} lost, ${doubled} doubled, ${wrong} not the last, ${refused + m.result.non2xx} refused`,
    );
  },
};
