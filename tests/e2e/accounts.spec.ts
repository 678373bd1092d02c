import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { authMessages } from "../../src/contract/auth.ts";
import { authText } from "../../src/web/i18n/auth.ts";
import { accountText, navText } from "../../src/web/i18n/common.ts";
import { plansText } from "../../src/web/i18n/subscription.ts";
import { seriousA11yViolations } from "./axe.ts";

/**
 * Accounts end to end (spec §2 Login, Register, Reset password; §4 Registration, Logout; §5; §8),
 * against the real server: mail arrives through a real SMTP server (scripts/e2e.mjs) in E2E_MAIL_DIR,
 * or in `${E2E_DATA_DIR}/outbox/*.eml` when Playwright is run directly without it.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Mail received by the real SMTP server of scripts/e2e.mjs, or the server's outbox without it. */
const outbox = () => process.env.E2E_MAIL_DIR ?? path.join(process.env.E2E_DATA_DIR ?? "", "outbox");

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll("=", ""), "hex").toString("utf8"));
}

/** The decoded text/plain part of a message. */
function plainText(eml: string): string {
  const part = /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(
    eml,
  );
  const body = part?.[1] ?? eml;
  return /quoted-printable/i.test(eml) ? decodeQuotedPrintable(body) : body;
}

/** The newest message to `to` written after `since` (ms), waiting for it to land. */
async function newestMailTo(to: string, since: number): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const dir = outbox();
        if (!fs.existsSync(dir)) return false;
        const mails = fs
          .readdirSync(dir)
          .filter((name) => name.endsWith(".eml"))
          .map((name) => ({ file: path.join(dir, name), mtime: fs.statSync(path.join(dir, name)).mtimeMs }))
          .filter((m) => m.mtime >= since - 1000)
          .sort((a, b) => b.mtime - a.mtime)
          .map((m) => fs.readFileSync(m.file, "utf8"))
          .filter((eml) => new RegExp(`^To:.*${escapeRegExp(to)}`, "im").test(eml));
        found = mails[0];
        return found !== undefined;
      },
      { message: `a mail to ${to} in ${outbox()}`, timeout: 10_000 },
    )
    .toBe(true);
  return plainText(found as string);
}

async function codeFromMail(to: string, since: number): Promise<string> {
  const code = /\b(\d{6})\b/.exec(await newestMailTo(to, since))?.[1];
  expect(code, "six-digit code in the mail").toMatch(/^\d{6}$/);
  return code as string;
}

async function resetLinkFromMail(to: string, since: number): Promise<string> {
  const link = /https?:\/\/\S+?\/reset-password\?token=[^\s"<>]+/.exec(await newestMailTo(to, since))?.[0];
  expect(link, "reset link in the mail").toBeTruthy();
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function fillRegister(
  page: Page,
  values: { username?: string; email?: string; password?: string; confirmPassword?: string },
) {
  const t = authText.register;
  await page.getByLabel(t.username, { exact: true }).fill(values.username ?? "");
  await page.getByLabel(t.email, { exact: true }).fill(values.email ?? "");
  await page.getByLabel(t.password, { exact: true }).fill(values.password ?? "");
  await page.getByLabel(t.confirmPassword, { exact: true }).fill(values.confirmPassword ?? "");
}

async function signIn(page: Page, identifier: string, password: string) {
  await page.getByLabel(authText.login.identifier).fill(identifier);
  await page.getByLabel(authText.login.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: authText.login.submit }).click();
  await expect(page.getByText(authMessages.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

async function signOut(page: Page, username: string) {
  await page.getByRole("button", { name: accountText.menuLabel(username) }).click();
  await page.getByRole("menuitem", { name: accountText.logout }).click();
  await expect(page.getByText(authMessages.logoutSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe("a visitor's account, from sign-up to a new password", () => {
  test.setTimeout(90_000);

  test("signs up with the e-mail code, signs out, signs in with the username, resets the password", async ({
    page,
    request,
    browser,
  }) => {
    const id = unique();
    const username = `cine${id}`;
    const email = `cine${id}@gmail.com`;
    const password = `Bobine-e2e-${id}`;
    const newPassword = `Nouveau-${id}-mdp`;
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // Register: the form, then the code screen, which sends the code by itself.
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1, name: authText.register.title })).toBeVisible();
    await fillRegister(page, { username, email, password, confirmPassword: password });
    const sentAfter = Date.now();
    await page.getByRole("button", { name: authText.register.submit }).click();

    await expect(page.getByRole("heading", { level: 1, name: authText.code.title })).toBeVisible();
    await expect(page.getByText(authMessages.codeSent)).toBeVisible();
    const firstBox = page.getByLabel(authText.code.digit(1));
    await expect(firstBox).toBeFocused();
    await expect(firstBox).toHaveAttribute("autocomplete", "one-time-code");
    await expect(firstBox).toHaveAttribute("inputmode", "numeric");
    await expect(page.getByRole("button", { name: /^Renvoyer le code dans [01]:\d\d$/ })).toBeDisabled();
    const code = await codeFromMail(email, sentAfter);

    // A wrong code: 'Code invalide ou expiré', boxes cleared, focus back on the first.
    await firstBox.focus();
    await page.keyboard.type(code === "000000" ? "111111" : "000000");
    await expect(page.getByText(authMessages.codeInvalid)).toBeVisible();
    for (let n = 1; n <= 6; n++) await expect(page.getByLabel(authText.code.digit(n))).toHaveValue("");
    await expect(firstBox).toBeFocused();

    // The right one, typed: it submits on its own at the sixth digit.
    await page.keyboard.type(code);
    await expect(page.getByText(authMessages.emailVerified)).toBeVisible();

    // After 1 s: signed in, 'Compte créé avec succès', the plans modal.
    const dialog = page.getByRole("dialog", { name: plansText.title });
    await expect(dialog).toBeVisible();
    await expect(page.getByText(authMessages.accountCreated).first()).toBeVisible();
    const plans = (await (await request.get("/api/plans")).json()) as { items: { name: string }[] };
    for (const plan of plans.items)
      await expect(dialog.getByRole("heading", { name: plan.name })).toBeVisible();
    await expect(dialog.getByText(plansText.perMonth).first()).toBeVisible();
    // The embedded database's demo provider says so before anyone types a card number.
    await expect(dialog.getByText(plansText.demoNote)).toBeVisible();
    for (const method of Object.values(plansText.methods)) {
      await expect(dialog.getByRole("radio", { name: new RegExp(method.label) })).toBeAttached();
    }
    await dialog.getByRole("button", { name: plansText.later }).click();
    await expect(page).toHaveURL(/\/$/);

    // Signed in: 'Ma liste', no Connexion, the user menu with username and e-mail.
    await expect(
      page.getByRole("navigation", { name: navText.mainLabel }).getByRole("link", { name: navText.myList }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: navText.login })).toHaveCount(0);
    const menuButton = page.getByRole("button", { name: accountText.menuLabel(username) });
    await expect(menuButton).toHaveAttribute("aria-haspopup", "menu");
    await menuButton.focus();
    await page.keyboard.press("ArrowDown");
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("menu");
    await expect(page.getByText(email).filter({ visible: true })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: accountText.profile })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: accountText.logout })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();

    // Logout: 'Déconnexion réussie', then /login.
    await signOut(page, username);

    // A wrong password: the French refusal, and the focus back in the password, ready to retype.
    await page.getByLabel(authText.login.identifier).fill(username);
    await page.getByLabel(authText.login.password, { exact: true }).fill("pas-le-bon-mot-de-passe");
    await page.getByRole("button", { name: authText.login.submit }).click();
    await expect(page.getByRole("alert").filter({ hasText: /./ })).toBeVisible();
    await expect(page.getByLabel(authText.login.password, { exact: true })).toBeFocused();

    // Sign in with the username; a signed-in visitor opening /login or /register goes home.
    await signIn(page, username, password);
    for (const screen of ["/login", "/register"]) {
      await page.goto(screen);
      await expect(page).toHaveURL(/\/$/);
    }
    await signOut(page, username);

    // Another browser stays signed in: the reset must end its session too.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await other.goto("/login");
    await signIn(other, username, password);
    await expect(other.getByRole("button", { name: accountText.menuLabel(username) })).toBeVisible();

    // Forgot password from /login, in place.
    await page.getByRole("button", { name: authText.login.forgot }).click();
    await expect(page.getByRole("heading", { level: 1, name: authText.forgot.title })).toBeVisible();
    await page.getByLabel(authText.forgot.email).fill(email);
    const resetAfter = Date.now();
    await page.getByRole("button", { name: authText.forgot.submit }).click();
    await expect(page.getByText(authMessages.forgotSent)).toBeVisible();

    // The mailed link; the token leaves the address bar at once.
    await page.goto(await resetLinkFromMail(email, resetAfter));
    await expect(page.getByRole("heading", { level: 1, name: authText.reset.title })).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel(authText.reset.password, { exact: true }).fill(newPassword);
    await page.getByLabel(authText.reset.confirmPassword, { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: authText.reset.submit }).click();
    await expect(page.getByRole("heading", { level: 1, name: authMessages.resetDone })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

    // The other browser's session is gone.
    await other.goto("/");
    await expect(other.getByRole("link", { name: navText.login })).toBeVisible();
    await expect(other.getByRole("button", { name: accountText.menuLabel(username) })).toHaveCount(0);
    await otherContext.close();

    // The old password no longer works; the new one does.
    await page.getByLabel(authText.login.identifier).fill(email);
    await page.getByLabel(authText.login.password, { exact: true }).fill(password);
    await page.getByRole("button", { name: authText.login.submit }).click();
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
    await signIn(page, email, newPassword);
    await expect(page.getByRole("button", { name: accountText.menuLabel(username) })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a used or unknown reset link says so and offers a new one", async ({ page }) => {
    await page.goto("/reset-password?token=inconnu");
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel(authText.reset.password, { exact: true }).fill("Un-mot-de-passe-2026");
    await page.getByLabel(authText.reset.confirmPassword, { exact: true }).fill("Un-mot-de-passe-2026");
    await page.getByRole("button", { name: authText.reset.submit }).click();
    await expect(page.getByRole("heading", { level: 1, name: authMessages.resetInvalid })).toBeVisible();
    await expect(page.getByRole("link", { name: authText.reset.askNewLink })).toHaveAttribute(
      "href",
      "/reset",
    );
  });
});

test.describe("sign-in form", () => {
  test("ignores a submit with a blank field and shows the server's refusal", async ({ page }) => {
    await page.goto("/login");
    let calls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/auth/login")) calls++;
    });
    await page.getByRole("button", { name: authText.login.submit }).click();
    await expect(page.getByLabel(authText.login.identifier)).toBeFocused();
    await page.getByLabel(authText.login.identifier).fill("personne");
    await page.getByRole("button", { name: authText.login.submit }).click();
    await expect(page.getByLabel(authText.login.password, { exact: true })).toBeFocused();
    expect(calls).toBe(0);

    const password = page.getByLabel(authText.login.password, { exact: true });
    await password.fill("pas-le-bon-mot-de-passe");
    const toggle = page.getByRole("button", { name: authText.showPassword });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(page.getByRole("button", { name: authText.hidePassword })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    await page.getByRole("button", { name: authText.login.submit }).click();
    await expect(page.getByRole("alert").filter({ hasText: authMessages.loginInvalid })).toBeVisible();
    expect(calls).toBe(1);
  });

  test("the forgot-password form checks the address before sending", async ({ page }) => {
    await page.goto("/reset");
    const send = page.getByRole("button", { name: authText.forgot.submit });
    await send.click();
    await expect(page.getByText(authMessages.forgotEmailRequired)).toBeVisible();
    await page.getByLabel(authText.forgot.email).fill("pas-une-adresse");
    await send.click();
    await expect(page.getByText(authMessages.forgotEmailInvalid)).toBeVisible();
    await expect(page.getByLabel(authText.forgot.email)).toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("register form rules (spec §5)", () => {
  const ok = {
    username: "regle-e2e",
    email: "regle.e2e@gmail.com",
    password: "Bobine-2026-ok",
    confirmPassword: "Bobine-2026-ok",
  };

  test("an empty form says 'Veuillez remplir tous les champs'", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: authText.register.submit }).click();
    await expect(page.getByRole("alert").filter({ hasText: authMessages.allFieldsRequired })).toBeVisible();
    await expect(page.getByLabel(authText.register.username, { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByLabel(authText.register.username, { exact: true })).toBeFocused();
  });

  test("each rule shows its message under its field, from the browser", async ({ page, request }) => {
    const { passwordMinLength } = (await (await request.get("/api/auth/options")).json()) as {
      passwordMinLength: number;
    };
    const cases: [Partial<typeof ok>, "email" | "password" | "confirmPassword", string][] = [
      [{ confirmPassword: "Autre-chose-2026" }, "confirmPassword", authMessages.passwordsDontMatch],
      [
        { password: "abc", confirmPassword: "abc" },
        "password",
        authMessages.passwordTooShort(passwordMinLength),
      ],
      [{ email: "pas-une-adresse" }, "email", authMessages.emailInvalid],
      [{ email: "zoe@example.com" }, "email", authMessages.emailTestDomain],
      [{ email: "zoe@googlemail.com" }, "email", authMessages.emailGooglemail],
      [{ email: "zoe+films@gmail.com" }, "email", authMessages.emailGmailAlias],
      [{ email: "z.o.e.f.i@gmail.com" }, "email", authMessages.emailGmailSuspicious],
    ];
    const labels = {
      email: authText.register.email,
      password: authText.register.password,
      confirmPassword: authText.register.confirmPassword,
    };
    let calls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/auth/register")) calls++;
    });
    await page.goto("/register");
    for (const [patch, field, message] of cases) {
      await fillRegister(page, { ...ok, ...patch });
      await page.getByRole("button", { name: authText.register.submit }).click();
      const input = page.getByLabel(labels[field], { exact: true });
      await expect(input, message).toHaveAttribute("aria-invalid", "true");
      await expect(input, message).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    expect(calls).toBe(0);
  });

  test("a temporary-mail address is refused by the server, under the e-mail field", async ({ page }) => {
    await page.goto("/register");
    await fillRegister(page, { ...ok, username: `jetable${unique()}`, email: "quelquun@yopmail.com" });
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/auth/register"));
    await page.getByRole("button", { name: authText.register.submit }).click();
    expect((await answer).status()).toBe(400);
    const email = page.getByLabel(authText.register.email, { exact: true });
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(authMessages.emailTemporary);
    await expect(email).toBeFocused();
    await expect(page.getByRole("heading", { level: 1, name: authText.register.title })).toBeVisible();
  });

  test("'Retour' on the code screen brings the form back as it was; unchanged, it is not sent again", async ({
    page,
  }) => {
    const id = unique();
    const values = { ...ok, username: `retour${id}`, email: `retour${id}@gmail.com` };
    const calls: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") calls.push(new URL(r.url()).pathname);
    });
    await page.goto("/register");
    await fillRegister(page, values);
    await page.getByRole("button", { name: authText.register.submit }).click();
    await expect(page.getByRole("heading", { level: 1, name: authText.code.title })).toBeVisible();
    await expect(page.getByText(authMessages.codeSent)).toBeVisible();
    await page.getByRole("button", { name: authText.code.back, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: authText.register.title })).toBeFocused();
    await expect(page.getByLabel(authText.register.username, { exact: true })).toHaveValue(values.username);
    await expect(page.getByLabel(authText.register.email, { exact: true })).toHaveValue(values.email);
    await expect(page.getByLabel(authText.register.password, { exact: true })).toHaveValue(values.password);

    // The same sign-up again: straight back to the code, which is still valid, with the lock running.
    await page.getByRole("button", { name: authText.register.submit }).click();
    await expect(page.getByRole("heading", { level: 1, name: authText.code.title })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Renvoyer le code dans [01]:\d\d$/ })).toBeDisabled();
    expect(calls).toEqual(["/api/auth/register", "/api/auth/email-code"]);
    await expect(page.getByText(authMessages.codeSendFailed)).toHaveCount(0);
  });
});

test.describe("accounts accessibility", () => {
  test.use({ bypassCSP: true });
  for (const screen of ["/register", "/reset", "/reset-password?token=x"]) {
    test(`${screen} has no serious or critical axe violation`, async ({ page }) => {
      await page.goto(screen);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});
