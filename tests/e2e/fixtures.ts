import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, test as base, expect } from "@playwright/test";
import type { VideoListResponse, VideoSummary } from "../../src/contract/catalogue.ts";
import { FIXTURE_ADMIN } from "./fixture-accounts.ts";

/**
 * Playwright fixtures that make their own accounts (architecture rule 6): `member` is a new member
 * signed up through the real API (register → e-mail code read from the SMTP mail folder →
 * verify) and signed in on the test's page; `admin` is the e2e server's ADMIN_* administrator;
 * `subscriber` is a member with an active plan. The demo catalogue stays the content.
 */

export interface Account {
  username: string;
  email: string;
  password: string;
}

const MEMBER_PASSWORD = "Pellicule-Argentique-2026";

/** Where the e2e SMTP server (scripts/e2e.mjs) writes each mail, else the server's outbox. */
const mailDir = () => process.env.E2E_MAIL_DIR ?? path.join(process.env.E2E_DATA_DIR ?? "", "outbox");

/** The six-digit code mailed to `email` since `since` (ms). */
export async function codeFor(email: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const dir = mailDir();
        if (!fs.existsSync(dir)) return false;
        for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".eml"))) {
          const file = path.join(dir, name);
          if (fs.statSync(file).mtimeMs < since - 1000) continue;
          const eml = fs.readFileSync(file, "utf8");
          if (!eml.toLowerCase().includes(`to: ${email}`) && !eml.toLowerCase().includes(`<${email}>`))
            continue;
          code = /\b(\d{6})\b/.exec(eml.replace(/=\r?\n/g, ""))?.[1];
          if (code) return true;
        }
        return false;
      },
      { message: `the code mailed to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return code as string;
}

let signUps = 0;

/**
 * A new member, signed up through the API and signed in on `request` (a page's or a context's).
 * Each sign-up comes from its own address (X-Forwarded-For, trusted from the loopback on the e2e
 * server: playwright.config.ts), as different people would: the server's per-address sign-up
 * limits are not this test run's budget.
 */
export async function signUp(request: APIRequestContext): Promise<Account & { id: string }> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const member = {
    username: `cinephile-${id}`,
    email: `cinephile.${id}@orange.fr`,
    password: MEMBER_PASSWORD,
  };
  signUps += 1;
  // 198.18.0.0/15 is set aside for tests (RFC 2544).
  const headers = { "X-Forwarded-For": `198.18.${process.pid % 256}.${signUps % 256}` };
  const since = Date.now();
  const reg = await request.post("/api/auth/register", {
    headers,
    data: {
      username: member.username,
      email: member.email,
      password: member.password,
      confirmPassword: member.password,
    },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const sent = await request.post("/api/auth/email-code", { headers, data: { email: member.email } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = await codeFor(member.email, since);
  const verify = await request.post("/api/auth/verify-email-code", {
    headers,
    data: { email: member.email, code },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  return { ...member, id: ((await verify.json()) as { user: { id: string } }).user.id };
}

/** Signs `request` in; answers the member's id. */
export async function signIn(request: APIRequestContext, account: Pick<Account, "username" | "password">) {
  const res = await request.post("/api/auth/login", {
    data: { identifier: account.username, password: account.password },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

/**
 * A member with an active subscription. The API cannot give one yet (the administrators' gift
 * arrives with the administration work), so this is the demo's Premium member — the one place the
 * e2e tests use a demo account: switch it to "sign up, then gift a plan as FIXTURE_ADMIN" then.
 */
export const SUBSCRIBER: Pick<Account, "username" | "password"> = {
  username: "demo-premium",
  password: process.env.DEMO_PASSWORD ?? "bobine-demo-2026",
};

export const test = base.extend<{
  member: Account;
  admin: Account;
  subscriber: Pick<Account, "username" | "password">;
}>({
  member: async ({ page }, use) => {
    await use(await signUp(page.request));
  },
  admin: async ({ page }, use) => {
    await signIn(page.request, FIXTURE_ADMIN);
    await use(FIXTURE_ADMIN);
  },
  subscriber: async ({ page }, use) => {
    await signIn(page.request, SUBSCRIBER);
    await use(SUBSCRIBER);
  },
});

export { expect };

/** The catalogue's first film as the API lists it (newest first): the one most tests play. */
export async function firstFilm(request: APIRequestContext): Promise<VideoSummary> {
  const films = (await (await request.get("/api/videos?type=movie&limit=1")).json()) as VideoListResponse;
  const film = films.items[0];
  if (!film) throw new Error("no film in the catalogue");
  return film;
}
