import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "#contract/auth";
import { ACTIVITY_LIMIT, DEFAULT_SETTINGS, type MemberExport, memberMessages } from "#contract/member";
import { favorites, notifications, ratings, userSettings, watchHistory } from "#db/schema/activity";
import { profiles, sessions, users } from "#db/schema/auth";
import { billingSettings, payments, subscriptionPlans, subscriptions } from "#db/schema/billing";
import { videos } from "#db/schema/catalogue";
import { errorCatalogue } from "#server/shared/errors";
import { cookieName, createSession } from "#server/shared/session";
import { makeCategory, makeEpisode, makeVideo } from "../factories/catalogue.ts";
import { subscribe } from "../factories/stream.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { MEMBER_PASSWORD, type Method, type SignedIn, signedIn } from "../support/members.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PROTECTED_ACCOUNTS: "gardien-protege" } });
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = MEMBER_PASSWORD;

/** A signed-in member with a password (tests/support/members.ts). */
const member = (over: { username?: string; role?: "membre" | "admin" } = {}) =>
  signedIn(t, { ...over, password: true });
type Member = SignedIn;

const db = () => t.database.db;

async function watch(userId: string, videoId: string, position: number, over: { episodeId?: string } = {}) {
  await db()
    .insert(watchHistory)
    .values({
      userId,
      videoId,
      episodeId: over.episodeId ?? null,
      progress: Math.min(position / 6000, 0.95),
      currentPosition: position,
      totalDuration: 6000,
    });
}

/** The stored average of a video, and the one SQL computes from the remaining ratings. */
async function averages(videoId: string) {
  const [v] = await db()
    .select({ avg: videos.averageRating, n: videos.totalRatings })
    .from(videos)
    .where(eq(videos.id, videoId));
  const [r] = await db()
    .select({
      avg: sql<number>`coalesce(round(avg(${ratings.rating})::numeric, 2), 0)::float8`,
      n: sql<number>`count(*)::int`,
    })
    .from(ratings)
    .where(eq(ratings.videoId, videoId));
  return { stored: { avg: v?.avg, n: v?.n }, computed: { avg: Number(r?.avg), n: r?.n } };
}

describe("access", () => {
  it("answers 401 'Authentification requise' to a visitor on every member endpoint", async () => {
    const calls: [Method, string, object?][] = [
      ["GET", "/api/me/profile"],
      ["PATCH", "/api/me/profile", { username: "quelquun" }],
      ["GET", "/api/me/settings"],
      ["PUT", "/api/me/settings", { autoplay: false }],
      ["GET", "/api/me/export"],
      ["POST", "/api/me/erase"],
      ["DELETE", "/api/me", { password: PASSWORD }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({
        code: "UNAUTHENTICATED",
        message: errorCatalogue.UNAUTHENTICATED.message,
      });
    }
  });
});

describe("profile", () => {
  it("shows the member's identity, true stats and the last 10 activities newest first", async () => {
    const alice = await member();
    const other = await member();
    const drame = await makeCategory(db(), { name: `Drame ${Date.now()}` });
    const film = await makeVideo(db(), { title: "Le Voyage", thumbnail: "/media/voyage.jpg" }, [drame.id]);
    const series = await makeVideo(db(), { title: "La Série", type: "series" });
    const ep1 = await makeEpisode(db(), series.id, { title: "Pilote", seasonNumber: 1, episodeNumber: 1 });
    const ep2 = await makeEpisode(db(), series.id, { title: "Suite", seasonNumber: 1, episodeNumber: 2 });

    const empty = (await alice.call("GET", "/api/me/profile")).json();
    expect(empty.stats).toEqual({ totalWatched: 0, totalFavorites: 0, totalRatings: 0, totalHours: 0 });
    expect(empty.activities).toEqual([]);
    expect(empty.user).toMatchObject({ id: alice.id, username: alice.username, email: alice.email });

    // Through the API: a favourite and a rating; the history as the player would have saved it.
    await watch(alice.id, series.id, 1800, { episodeId: ep1.id });
    await watch(alice.id, series.id, 3600, { episodeId: ep2.id });
    await watch(alice.id, film.id, 5400);
    expect((await alice.call("POST", "/api/favorites", { videoId: film.id })).statusCode).toBe(201);
    expect((await alice.call("PUT", `/api/ratings/${film.id}`, { rating: 4 })).statusCode).toBe(200);
    // Someone else's activity never shows.
    await other.call("PUT", `/api/ratings/${series.id}`, { rating: 1 });

    const res = await alice.call("GET", "/api/me/profile");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Two distinct videos, 1800 + 3600 + 5400 s = 3 h.
    expect(body.stats).toEqual({ totalWatched: 2, totalFavorites: 1, totalRatings: 1, totalHours: 3 });
    expect(body.activities.map((a: { type: string }) => a.type)).toEqual([
      "rate",
      "favorite",
      "watch",
      "watch",
      "watch",
    ]);
    const [rate, favorite] = body.activities;
    expect(rate).toMatchObject({
      type: "rate",
      videoId: film.id,
      title: "Le Voyage",
      thumbnail: "/media/voyage.jpg",
      videoType: "movie",
      category: drame.name,
      averageRating: 4,
      userRating: 4,
    });
    expect(favorite).toMatchObject({ type: "favorite", videoId: film.id, userRating: 4 });
    const episodeWatch = body.activities.find(
      (a: { episodeTitle: string | null }) => a.episodeTitle === "Suite",
    );
    expect(episodeWatch).toMatchObject({
      videoType: "series",
      seasonNumber: 1,
      episodeNumber: 2,
      userRating: null,
    });
    const dates = body.activities.map((a: { date: string }) => Date.parse(a.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("keeps only the 10 most recent activities", async () => {
    const bob = await member();
    for (let i = 0; i < 12; i++) {
      const v = await makeVideo(db());
      await db()
        .insert(favorites)
        .values({ userId: bob.id, videoId: v.id, addedAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    const body = (await bob.call("GET", "/api/me/profile")).json();
    expect(body.activities).toHaveLength(ACTIVITY_LIMIT);
    expect(body.activities[0].date).toBe(new Date(Date.UTC(2026, 0, 12)).toISOString());
    expect(body.stats.totalFavorites).toBe(12);
  });

  it("edits the username with the sign-up rules and 'Profil mis à jour'", async () => {
    const carla = await member();
    const taken = await member();
    const res = await carla.call("PATCH", "/api/me/profile", { username: `  carla-${Date.now()}  ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(memberMessages.profileUpdated);
    const newName = res.json().user.username;
    expect(newName).toMatch(/^carla-\d+$/);
    const session = (await carla.call("GET", "/api/auth/session")).json();
    expect(session.user.username).toBe(newName);

    for (const username of ["ab", "a b c", "<script>", "x".repeat(31), "-début"]) {
      const bad = await carla.call("PATCH", "/api/me/profile", { username });
      expect(bad.statusCode, username).toBe(400);
      expect(bad.json().fields.username).toBe(authMessages.usernameInvalid);
    }
    const clash = await carla.call("PATCH", "/api/me/profile", { username: taken.username.toUpperCase() });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().fields.username).toBe(authMessages.usernameTaken);
    // Changing only the case of one's own name is allowed.
    const own = await carla.call("PATCH", "/api/me/profile", { username: newName.toUpperCase() });
    expect(own.statusCode).toBe(200);
    expect(own.json().user.username).toBe(newName.toUpperCase());
  });

  it("accepts an https avatar or a built-in one, refuses anything else, and never a role", async () => {
    const dan = await member();
    for (const avatar of ["https://images.exemple.fr/moi.png", "builtin:clap"]) {
      const ok = await dan.call("PATCH", "/api/me/profile", { avatar });
      expect(ok.statusCode, avatar).toBe(200);
      expect(ok.json().user.avatar).toBe(avatar);
    }
    for (const avatar of [
      "http://images.exemple.fr/moi.png",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "https://127.0.0.1/a.png",
      "https://2130706433/a.png",
      "https://localhost/a.png",
      // The host as a browser reaches it: trailing dot, full-width letters, other IP forms.
      "https://localhost./a.png",
      "https://ｌｏｃａｌｈｏｓｔ/a.png",
      "https://nas.local./a.png",
      "https://0x7f.1/a.png",
      "https://[::ffff:127.0.0.1]/a.png",
      "https://user:pass@images.exemple.fr/a.png",
      `https://images.exemple.fr/${"a".repeat(2100)}.png`,
      "builtin:inconnu",
      "/media/avatar.png",
    ]) {
      const bad = await dan.call("PATCH", "/api/me/profile", { avatar });
      expect(bad.statusCode, avatar).toBe(400);
      expect(bad.json().fields.avatar).toBe(memberMessages.avatarInvalid);
    }
    const cleared = await dan.call("PATCH", "/api/me/profile", { avatar: null });
    expect(cleared.json().user.avatar).toBeNull();

    const role = await dan.call("PATCH", "/api/me/profile", { role: "admin" });
    expect(role.statusCode).toBe(400);
    const [row] = await db().select({ role: profiles.role }).from(profiles).where(eq(profiles.id, dan.id));
    expect(row?.role).toBe("membre");
    expect((await dan.call("PATCH", "/api/me/profile", {})).statusCode).toBe(400);
  });
});

describe("settings", () => {
  it("starts from the defaults of spec §9 with no subscription", async () => {
    const eve = await member();
    const res = await eve.call("GET", "/api/me/settings");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: DEFAULT_SETTINGS,
      subscription: { state: "none", planName: null, planCode: null, endsAt: null, daysLeft: null },
    });
  });

  it("saves each field sent, keeps the others, and reads them back on another session", async () => {
    const fay = await member();
    const changes = [
      { notifications: false },
      { autoplay: false },
      { quality: "ultra" },
      { language: "it" },
      { subtitles: false },
      { maturity: "teen" },
      { volume: 0.35 },
      { theme: "light" },
      { billing: { preferredMethod: "paypal" } },
      { billing: { autoRenew: true } },
      { billing: { notifyBeforeDays: 7 } },
    ];
    for (const change of changes) {
      const res = await fay.call("PUT", "/api/me/settings", change);
      expect(res.statusCode, JSON.stringify(change)).toBe(200);
    }
    const expected = {
      notifications: false,
      autoplay: false,
      quality: "ultra",
      language: "it",
      subtitles: false,
      maturity: "teen",
      volume: 0.35,
      theme: "light",
      billing: { preferredMethod: "paypal", autoRenew: true, notifyBeforeDays: 7 },
    };
    const { token } = await createSession(db(), t.config, fay.id, { ip: "203.0.113.8", userAgent: "autre" });
    const elsewhere = await t.app.inject({
      method: "GET",
      url: "/api/me/settings",
      headers: { cookie: `${cookieName(t.config)}=${token}` },
    });
    expect(elsewhere.json().settings).toEqual(expected);
    // Auto-renew belongs to the method: card has its own flag (on by default), paysafecard none.
    await fay.call("PUT", "/api/me/settings", { billing: { autoRenew: false } });
    const card = await fay.call("PUT", "/api/me/settings", { billing: { preferredMethod: "card" } });
    expect(card.json().settings.billing).toEqual({
      preferredMethod: "card",
      autoRenew: true,
      notifyBeforeDays: 7,
    });
    const back = await fay.call("PUT", "/api/me/settings", { billing: { preferredMethod: "paypal" } });
    expect(back.json().settings.billing.autoRenew).toBe(false);
    const psc = await fay.call("PUT", "/api/me/settings", { billing: { preferredMethod: "paysafecard" } });
    expect(psc.json().settings.billing.autoRenew).toBe(false);
  });

  it("keeps the volume to the hundredth it is read back at, even for values a real column cannot hold", async () => {
    const gus = await member();
    // 3.5e-323 is a number between 0 and 1 that PostgreSQL's real type refuses (underflow): it was a 500.
    for (const [sent, kept] of [
      [3.5e-323, 0],
      [1e-40, 0],
      [0.996, 1],
      [0.333333333, 0.33],
      [0.5, 0.5],
    ] as const) {
      const res = await gus.call("PUT", "/api/me/settings", { volume: sent });
      expect(res.statusCode, String(sent)).toBe(200);
      expect(res.json().settings.volume, String(sent)).toBe(kept);
    }
  });

  it("refuses bad values with French messages and changes nothing", async () => {
    const gil = await member();
    const cases: [object, string, string][] = [
      [{ quality: "8k" }, "quality", memberMessages.quality],
      [{ language: "pt" }, "language", memberMessages.language],
      [{ maturity: "adult" }, "maturity", memberMessages.maturity],
      [{ volume: 1.5 }, "volume", memberMessages.volume],
      [{ volume: -0.1 }, "volume", memberMessages.volume],
      [{ volume: "fort" }, "volume", memberMessages.volume],
      [{ autoplay: "oui" }, "autoplay", memberMessages.autoplay],
      [{ theme: "rose" }, "theme", memberMessages.theme],
      [{ billing: { preferredMethod: "crypto" } }, "billing.preferredMethod", memberMessages.preferredMethod],
      [{ billing: { notifyBeforeDays: 5 } }, "billing.notifyBeforeDays", memberMessages.notifyBeforeDays],
      [
        { billing: { preferredMethod: "paysafecard", autoRenew: true } },
        "billing.autoRenew",
        memberMessages.autoRenew,
      ],
      [{ userId: "00000000-0000-4000-8000-000000000000" }, "", memberMessages.unknownField],
      [{ billing: { cardNumber: "4242" } }, "billing", memberMessages.unknownField],
    ];
    for (const [payload, field, message] of cases) {
      const res = await gil.call("PUT", "/api/me/settings", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(payload)).toBe(message);
    }
    // Auto-renew asked for while paysafecard is the stored method.
    await gil.call("PUT", "/api/me/settings", { billing: { preferredMethod: "paysafecard" } });
    const renew = await gil.call("PUT", "/api/me/settings", { billing: { autoRenew: true } });
    expect(renew.statusCode).toBe(400);
    expect(renew.json().fields["billing.autoRenew"]).toBe(memberMessages.autoRenew);
    const after = (await gil.call("GET", "/api/me/settings")).json().settings;
    expect(after).toEqual({
      ...DEFAULT_SETTINGS,
      billing: { ...DEFAULT_SETTINGS.billing, preferredMethod: "paysafecard", autoRenew: false },
    });
  });

  it("refuses a prototype-polluting settings body", async () => {
    const hal = await member();
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/me/settings",
      headers: { cookie: hal.cookie, "content-type": "application/json" },
      payload: '{"__proto__": {"polluted": true}, "autoplay": false}',
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  describe("subscription status (Paris time)", () => {
    const day = 24 * 3600 * 1000;
    const status = async (m: Member) => (await m.call("GET", "/api/me/settings")).json().subscription;

    it("is active far from the end, and for a lifetime plan", async () => {
      const ivy = await member();
      await subscribe(db(), ivy.id, "premium_monthly", new Date(Date.now() + 20 * day));
      expect(await status(ivy)).toMatchObject({ state: "active", planCode: "premium_monthly", daysLeft: 20 });
      const jo = await member();
      await subscribe(db(), jo.id, "lifetime", null);
      expect(await status(jo)).toMatchObject({
        state: "active",
        planCode: "lifetime",
        endsAt: null,
        daysLeft: null,
      });
    });

    it("is expiring soon within the reminder days, which the member chooses", async () => {
      const kim = await member();
      await subscribe(db(), kim.id, "basic_monthly", new Date(Date.now() + 3 * day));
      // Default reminder: 2 days; 3 days left is still plainly active.
      expect(await status(kim)).toMatchObject({ state: "active", daysLeft: 3 });
      await kim.call("PUT", "/api/me/settings", { billing: { notifyBeforeDays: 3 } });
      expect(await status(kim)).toMatchObject({ state: "expiring", daysLeft: 3 });
      await kim.call("PUT", "/api/me/settings", { billing: { notifyBeforeDays: 1 } });
      expect(await status(kim)).toMatchObject({ state: "active" });
    });

    it("ends on a Paris calendar day: ending later today is still active (expiring), yesterday expired", async () => {
      const lea = await member();
      // Today 23:59:59 in Paris is today whatever the UTC clock says.
      const [row] = (
        (await db().execute(
          sql`select ((date_trunc('day', now() at time zone 'Europe/Paris') + interval '1 day' - interval '1 second') at time zone 'Europe/Paris') as end_today,
            ((date_trunc('day', now() at time zone 'Europe/Paris') - interval '1 second') at time zone 'Europe/Paris') as end_yesterday`,
        )) as unknown as { rows: unknown[] }
      ).rows as { end_today: string; end_yesterday: string }[];
      await subscribe(db(), lea.id, "basic_monthly", new Date(row?.end_today as string));
      expect(await status(lea)).toMatchObject({ state: "expiring", daysLeft: 0 });
      const max = await member();
      await subscribe(db(), max.id, "basic_monthly", new Date(row?.end_yesterday as string));
      expect(await status(max)).toMatchObject({ state: "expired", planCode: "basic_monthly", daysLeft: -1 });
      const ned = await member();
      await subscribe(db(), ned.id, "premium_monthly", new Date(Date.now() + 30 * day), "canceled");
      expect((await status(ned)).state).toBe("expired");
    });
  });
});

describe("your data", () => {
  async function fill(m: Member) {
    const film = await makeVideo(db(), { title: "Film exporté" });
    const series = await makeVideo(db(), { title: "Série exportée", type: "series" });
    const ep = await makeEpisode(db(), series.id, { title: "Épisode exporté" });
    await m.call("POST", "/api/favorites", { videoId: film.id });
    await m.call("PUT", `/api/ratings/${film.id}`, { rating: 5 });
    await m.call("PUT", `/api/ratings/${series.id}`, { rating: 2 });
    await watch(m.id, series.id, 1200, { episodeId: ep.id });
    await watch(m.id, film.id, 600);
    await db().insert(notifications).values({ userId: m.id, title: "Bienvenue", message: "Bonjour !" });
    await m.call("PUT", "/api/me/settings", { quality: "high", billing: { notifyBeforeDays: 3 } });
    await subscribe(db(), m.id, "premium_monthly", new Date(Date.now() + 10 * 24 * 3600 * 1000));
    const [plan] = await db()
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.code, "premium_monthly"));
    await db()
      .insert(payments)
      .values({
        userId: m.id,
        planId: plan?.id as string,
        provider: "paypal",
        providerRef: `SECRET-REF-${m.id}`,
        amountCents: plan?.priceCents ?? 0,
        status: "paid",
      });
    return { film, series, ep };
  }

  it("exports, as a JSON attachment, everything held about the member and no secret", async () => {
    const ola = await member();
    const other = await member();
    await fill(ola);
    await fill(other);
    const res = await ola.call("GET", "/api/me/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="bobine-mes-donnees-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const data = res.json() as MemberExport;

    const [u] = await db().select().from(users).where(eq(users.id, ola.id));
    expect(data.profile).toMatchObject({ id: ola.id, username: ola.username, email: u?.email });
    expect(data.settings).toEqual({
      ...DEFAULT_SETTINGS,
      quality: "high",
      billing: { ...DEFAULT_SETTINGS.billing, notifyBeforeDays: 3 },
    });
    const favs = await db().select().from(favorites).where(eq(favorites.userId, ola.id));
    expect(data.favorites.map((f) => [f.videoId, f.addedAt])).toEqual(
      favs.map((f) => [f.videoId, f.addedAt.toISOString()]),
    );
    const rates = await db().select().from(ratings).where(eq(ratings.userId, ola.id));
    expect(data.ratings.map((r) => `${r.videoId}:${r.rating}`).sort()).toEqual(
      rates.map((r) => `${r.videoId}:${r.rating}`).sort(),
    );
    const hist = await db().select().from(watchHistory).where(eq(watchHistory.userId, ola.id));
    expect(data.history.map((h) => `${h.id}:${h.currentPosition}:${h.episodeId}`).sort()).toEqual(
      hist.map((h) => `${h.id}:${h.currentPosition}:${h.episodeId}`).sort(),
    );
    expect(data.history.find((h) => h.episodeId)?.episodeTitle).toBe("Épisode exporté");
    // The product may notify on its own too (migration 0011): compare with the table, not a fixed list.
    const notes = await db().select().from(notifications).where(eq(notifications.userId, ola.id));
    expect(data.notifications.map((n) => n.id).sort()).toEqual(notes.map((n) => n.id).sort());
    expect(data.notifications.map((n) => n.title)).toContain("Bienvenue");
    expect(data.subscriptions).toHaveLength(1);
    expect(data.subscriptions[0]).toMatchObject({ planCode: "premium_monthly", status: "active" });
    expect(data.payments).toHaveLength(1);
    expect(data.payments[0]).toMatchObject({ provider: "paypal", status: "paid" });
    const [s] = await db().select().from(sessions).where(eq(sessions.userId, ola.id));
    expect(data.sessions).toEqual([
      expect.objectContaining({ id: s?.id, current: true, userAgent: "vitest" }),
    ]);

    // Nothing secret, nothing of anyone else.
    expect(res.body).not.toContain("SECRET-REF");
    expect(res.body).not.toContain(s?.tokenHash);
    expect(res.body).not.toMatch(/tokenHash|token_hash|passwordHash|"password"|scrypt|providerRef/);
    expect(res.body).not.toContain(other.id);
  });

  it("erases favourites, ratings, history, notifications and settings in one go; averages stay right", async () => {
    const pia = await member();
    const witness = await member();
    const { film, series } = await fill(pia);
    await witness.call("PUT", `/api/ratings/${film.id}`, { rating: 3 });
    await witness.call("POST", "/api/favorites", { videoId: film.id });

    const res = await pia.call("POST", "/api/me/erase");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: memberMessages.dataErased });

    for (const table of [favorites, ratings, watchHistory, notifications]) {
      expect(await db().select().from(table).where(eq(table.userId, pia.id))).toHaveLength(0);
    }
    expect(await db().select().from(userSettings).where(eq(userSettings.userId, pia.id))).toHaveLength(0);
    expect(await db().select().from(billingSettings).where(eq(billingSettings.userId, pia.id))).toHaveLength(
      0,
    );
    const profile = (await pia.call("GET", "/api/me/profile")).json();
    expect(profile.stats).toEqual({ totalWatched: 0, totalFavorites: 0, totalRatings: 0, totalHours: 0 });
    expect(profile.activities).toEqual([]);
    expect((await pia.call("GET", "/api/me/settings")).json().settings).toEqual(DEFAULT_SETTINGS);

    // The account, its subscription and the other member's data stay.
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, pia.id))).toHaveLength(1);
    expect(await db().select().from(favorites).where(eq(favorites.userId, witness.id))).toHaveLength(1);
    for (const v of [film, series]) {
      const a = await averages(v.id);
      expect(a.stored).toEqual(a.computed);
    }
    expect((await averages(film.id)).stored).toEqual({ avg: 3, n: 1 });
    expect((await averages(series.id)).stored).toEqual({ avg: 0, n: 0 });
  });

  it("deletes the account only with the right password, then nothing of it remains", async () => {
    const quin = await member();
    const witness = await member();
    const { film } = await fill(quin);
    await witness.call("PUT", `/api/ratings/${film.id}`, { rating: 1 });

    const missing = await quin.call("DELETE", "/api/me", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.password).toBe(memberMessages.passwordRequired);
    const wrong = await quin.call("DELETE", "/api/me", { password: "pas-le-bon-mot-de-passe" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.password).toBe(memberMessages.passwordWrong);
    expect(await db().select().from(users).where(eq(users.id, quin.id))).toHaveLength(1);

    const res = await quin.call("DELETE", "/api/me", { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(/bobine_session=;/);

    expect(await db().select().from(users).where(eq(users.id, quin.id))).toHaveLength(0);
    expect(await db().select().from(profiles).where(eq(profiles.id, quin.id))).toHaveLength(0);
    expect(await db().select().from(sessions).where(eq(sessions.userId, quin.id))).toHaveLength(0);
    for (const table of [favorites, ratings, watchHistory, notifications]) {
      expect(await db().select().from(table).where(eq(table.userId, quin.id))).toHaveLength(0);
    }
    expect(await db().select().from(payments).where(eq(payments.userId, quin.id))).toHaveLength(0);
    const a = await averages(film.id);
    expect(a.stored).toEqual(a.computed);
    expect(a.stored).toEqual({ avg: 1, n: 1 });

    // The old cookie is refused and the account can't sign in any more.
    expect((await quin.call("GET", "/api/me/profile")).statusCode).toBe(401);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { identifier: quin.username, password: PASSWORD },
      remoteAddress: "198.51.100.77",
    });
    expect(login.statusCode).not.toBe(200);
    expect(login.json().message).toBe(authMessages.loginInvalid);
  });

  it("keeps protected accounts and the last administrator", async () => {
    const guard = await member({ username: "gardien-protege" });
    const res = await guard.call("DELETE", "/api/me", { password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(memberMessages.protectedAccount);

    await db().update(profiles).set({ role: "membre" }).where(eq(profiles.role, "admin"));
    const admin = await member({ role: "admin" });
    const last = await admin.call("DELETE", "/api/me", { password: PASSWORD });
    expect(last.statusCode).toBe(403);
    expect(last.json().message).toBe(memberMessages.lastAdministrator);
    await member({ role: "admin" });
    expect((await admin.call("DELETE", "/api/me", { password: PASSWORD })).statusCode).toBe(204);
  });
});
