import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "#contract/auth";
import { profiles } from "#db/schema/auth";
import { browser, newSignup } from "../factories/accounts.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { signedIn } from "../support/members.ts";

/**
 * Look-alike usernames (Unicode TR39 idea): names are NFKC-normalised, written in one script, and
 * unique by their confusable skeleton, at sign-up and when a member renames themself.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let n = 0;
/** A fresh plain name, ASCII only. */
const fresh = (stem: string) => `${stem}-${Date.now().toString(36)}${++n}`;
const register = (username: string) => browser(t.app).post("/api/auth/register", newSignup({ username }));
const rename = (member: Awaited<ReturnType<typeof signedIn>>, username: string) =>
  member.call("PATCH", "/api/me/profile", { username });

describe("look-alike usernames", () => {
  it("refuses a name mixing Latin with Cyrillic or Greek letters, with a French message", async () => {
    for (const username of ["demо-admin", "dεmo-admin"]) {
      const res = await register(username);
      expect(res.statusCode, username).toBe(400);
      expect(res.json().fields.username).toBe(authMessages.usernameMixedScripts);
    }
    const member = await signedIn(t);
    const res = await rename(member, "demо-admin");
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.username).toBe(authMessages.usernameMixedScripts);
  });

  it("accepts names in one script: accented Latin, Cyrillic, Greek, Japanese", async () => {
    for (const username of [fresh("Zoé-Lumière"), "Дмитрий-Ш", "Αλέξανδρος", "やまだ太郎"]) {
      expect((await register(username)).statusCode, username).toBe(200);
    }
  });

  it("stores fullwidth letters and the Kelvin sign as the plain letters they stand for", async () => {
    const member = await signedIn(t);
    const plain = fresh("kelvin");
    const res = await rename(member, `\u212A${plain.slice(1)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(`K${plain.slice(1)}`);
    const wide = await rename(member, "ｄｅｍｏ-ｌａｒｇｅ");
    expect(wide.json().user.username).toBe("demo-large");
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(row?.username).toBe("demo-large");
  });

  it("refuses a name that only looks like a taken one, at sign-up and on renaming", async () => {
    const owner = await signedIn(t, { username: fresh("demo-admin") });
    const suffix = owner.username.slice("demo-admin".length);
    const lookAlikes = [
      `ｄｅｍｏ-admin${suffix}`, // fullwidth: the same name once normalised
      `DEMO-ADMIN${suffix}`, // the same name in capitals
      `dem0-admin${suffix}`, // digit zero for o
    ];
    for (const username of lookAlikes) {
      const res = await register(username);
      expect(res.statusCode, username).toBe(400);
      expect([authMessages.usernameTaken, authMessages.usernameLookAlike]).toContain(
        res.json().fields.username,
      );
    }
    // A whole-Cyrillic name that reads as a Latin one already taken.
    await signedIn(t, { username: "coppa" });
    const cyrillic = await register("сорра");
    expect(cyrillic.statusCode).toBe(400);
    expect(cyrillic.json().fields.username).toBe(authMessages.usernameLookAlike);
    const member = await signedIn(t);
    const renamed = await rename(member, `dem0-admin${suffix}`);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().fields.username).toBe(authMessages.usernameLookAlike);
  });

  it("keeps the database the judge: a look-alike written directly is refused by the skeleton's unique index", async () => {
    const owner = await signedIn(t, { username: fresh("unique") });
    await expect(
      signedIn(t, { username: owner.username.replace("u", "υ").replace("e", "е") }),
    ).rejects.toThrow();
  });
});
