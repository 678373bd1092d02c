import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberMessages } from "#contract/member";
import { rowsOf } from "#server/shared/sql.queries";
import { scaled } from "#tests/support/time-scale";
import { nextIp } from "../factories/accounts.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { codeIn, startSmtp } from "../smtp.ts";
import { MEMBER_PASSWORD, signedIn, signedInAdmin } from "../support/members.ts";

/**
 * Where an account's secrets start and end: the forgot-password answer gives nothing away, a
 * deleted member's reset links go with them, and the last administrator stays even when two leave
 * at once.
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
/** How many reset links the database held at the moment each forgot-password answer was sent. */
const linksWhenAnswered: number[] = [];

const countOf = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await t.database.db.execute(query))[0]?.n ?? 0;
const resetLinks = () =>
  countOf(sql`select count(*)::int as n from verifications where purpose = 'password_reset'`);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url },
    beforeReady(app) {
      app.addHook("onSend", async (request, _reply, payload) => {
        if (request.url === "/api/auth/password/forgot") linksWhenAnswered.push(await resetLinks());
        return payload;
      });
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const forgot = (email: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/password/forgot",
    payload: { email },
    remoteAddress: nextIp(),
  });

describe("forgot password", () => {
  it("answers a known address as an unknown one, before its link is written; the mail follows", async () => {
    const m = await signedIn(t, { password: true });
    const before = await resetLinks();
    const known = await forgot(m.email);
    expect(linksWhenAnswered.at(-1)).toBe(before);
    const unknown = await forgot("personne.ici@orange.fr");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect({ ...known.json(), requestId: 0 }).toEqual({ ...unknown.json(), requestId: 0 });
    expect(known.headers["content-length"]).toBe(unknown.headers["content-length"]);
    const mail = await smtp.lastTo(m.email);
    expect(mail.text).toContain("/reset-password?token=");
    expect(await resetLinks()).toBe(before + 1);
    expect(codeIn(mail)).toBe("");
  });
});

describe("deleting an account", () => {
  it("removes the member's reset links with the member", async () => {
    const m = await signedIn(t, { password: true });
    await forgot(m.email);
    await smtp.lastTo(m.email);
    const links = sql`select count(*)::int as n from verifications where identifier = ${m.id}`;
    expect(await countOf(links)).toBe(1);
    expect((await m.call("DELETE", "/api/me", { password: MEMBER_PASSWORD })).statusCode).toBe(204);
    expect(await countOf(links)).toBe(0);
  });

  it(
    "keeps one administrator when the last two delete their accounts at the same moment",
    async () => {
      const administrators = () => countOf(sql`select count(*)::int as n from profiles where role = 'admin'`);
      let survivor = await signedInAdmin(t, { password: true });
      for (let round = 0; round < 3; round++) {
        const other = await signedInAdmin(t, { password: true });
        expect(await administrators()).toBe(2);
        const [a, b] = await together([survivor.id, other.id], () =>
          Promise.all(
            [survivor, other].map((admin) => admin.call("DELETE", "/api/me", { password: MEMBER_PASSWORD })),
          ),
        );
        expect([a?.statusCode, b?.statusCode].sort()).toEqual([204, 403]);
        const refused = a?.statusCode === 403 ? a : b;
        expect(refused?.json().message).toBe(memberMessages.lastAdministrator);
        expect(await administrators()).toBe(1);
        survivor = a?.statusCode === 403 ? survivor : other;
      }
    },
    scaled(120_000),
  );
});

/**
 * Runs two deletions so that they overlap for sure. On PostgreSQL the two users' rows are held
 * locked until both requests wait on a lock (so whatever each checked before deleting, it checked
 * while the other had not finished); PGlite runs one transaction at a time, so there the requests
 * just start together.
 */
async function together<T>(userIds: [string, string], run: () => Promise<T>): Promise<T> {
  if (t.database.kind !== "postgres") return run();
  let running: Promise<T> | undefined;
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id in (${userIds[0]}, ${userIds[1]}) for update`);
    running = run();
    let waiting = 0;
    for (let i = 0; i < 600 && waiting < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      // Asked outside the transaction, which would keep its first view of the statistics.
      waiting = await countOf(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
    }
    expect(waiting).toBe(2);
  });
  return running as Promise<T>;
}
