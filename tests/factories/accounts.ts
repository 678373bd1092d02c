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

/** Registers through the API, reads the code from the SMTP server and verifies: a signed-in member. */
export async function registerMember(
  app: FastifyInstance,
  smtp: { lastTo(a: string): Promise<{ text: string }> },
  codeIn: (m: { text: string }) => string,
  over: Parameters<typeof newSignup>[0] = {},
) {
  const signup = newSignup(over);
  const remoteAddress = nextIp();
  const reg = await app.inject({ method: "POST", url: "/api/auth/register", payload: signup, remoteAddress });
  expect(reg.statusCode, reg.body).toBe(200);
  const send = await app.inject({
    method: "POST",
    url: "/api/auth/email-code",
    payload: { email: signup.email },
    remoteAddress,
  });
  expect(send.statusCode, send.body).toBe(200);
  const code = codeIn(await smtp.lastTo(signup.email));
  const verify = await app.inject({
    method: "POST",
    url: "/api/auth/verify-email-code",
    payload: { email: signup.email, code },
    remoteAddress,
  });
  expect(verify.statusCode, verify.body).toBe(200);
  return { ...signup, cookie: sessionCookie(verify), userId: verify.json().user.id as string };
}
