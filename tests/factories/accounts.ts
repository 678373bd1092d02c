import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

let n = 0;
/** A fresh, valid sign-up (unique per call, on a domain every rule accepts). */
export function newSignup(
  over: Partial<Record<"username" | "email" | "password" | "confirmPassword", string>> = {},
) {
  const id = `${Date.now().toString(36)}${++n}`;
  const password = over.password ?? `Pellicule-${id}-étoile`;
  return {
    username: `cinephile-${id}`,
    email: `cinephile.${id}@orange.fr`,
    password,
    confirmPassword: over.confirmPassword ?? password,
    ...over,
  };
}

/** Session cookie `name=value` from a response, for the next request's Cookie header. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : [raw];
  const found = list.find((c) => typeof c === "string" && /bobine_session=[^;]+/.test(c)) as
    | string
    | undefined;
  if (!found) throw new Error("no session cookie");
  return found.split(";")[0] as string;
}

/** A different client address per call, so per-IP budgets only bite where a test means them to. */
let ipCounter = 0;
export const nextIp = () => `198.51.100.${(++ipCounter % 250) + 1}`;

/**
 * A browser for `app.inject`: one client address, and the cookies the server sets (the sign-up
 * binding and the session) sent back on every request.
 */
export function browser(app: FastifyInstance, remoteAddress = nextIp()) {
  const jar = new Map<string, string>();
  const send = async (method: "GET" | "POST", url: string, payload?: object) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await app.inject({ method, url, payload, remoteAddress, headers: cookie ? { cookie } : {} });
    const raw = res.headers["set-cookie"];
    for (const c of (Array.isArray(raw) ? raw : raw ? [raw] : []) as string[]) {
      const [pair = ""] = c.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return res;
  };
  return {
    post: (url: string, payload: object = {}) => send("POST", url, payload),
    get: (url: string) => send("GET", url),
    cookieHeader: () => [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
  };
}

/** Registers through the API, reads the code from the SMTP server and verifies: a signed-in member. */
export async function registerMember(
  app: FastifyInstance,
  smtp: { lastTo(a: string): Promise<{ text: string }> },
  codeIn: (m: { text: string }) => string,
  over: Parameters<typeof newSignup>[0] = {},
) {
  const signup = newSignup(over);
  const b = browser(app);
  const reg = await b.post("/api/auth/register", signup);
  expect(reg.statusCode, reg.body).toBe(200);
  const send = await b.post("/api/auth/email-code", { email: signup.email });
  expect(send.statusCode, send.body).toBe(200);
  const code = codeIn(await smtp.lastTo(signup.email));
  const verify = await b.post("/api/auth/verify-email-code", { email: signup.email, code });
  expect(verify.statusCode, verify.body).toBe(200);
  return { ...signup, cookie: sessionCookie(verify), userId: verify.json().user.id as string };
}
