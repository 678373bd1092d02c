import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "#server/shared/config";
import { logFormatFor, prettyLine } from "#server/shared/logging";
import { createTestApp, type TestApp } from "../harness.ts";
import { signedIn } from "../support/members.ts";

/** The server's log lines, as whoever runs it reads them (the outbox must not drown in request lines). */
describe("server logs", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const collect = () => {
    const lines: Record<string, unknown>[] = [];
    return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
  };

  it("logs requests at debug only: none at the default level", async () => {
    const info = collect();
    t = await createTestApp({ env: { LOG_LEVEL: "info" }, logStream: info.stream });
    await t.app.inject({ method: "GET", url: "/api/health" });
    expect(
      info.lines.filter((l) => String(l.url ?? (l.req as { url?: string })?.url).includes("/api/health")),
    ).toEqual([]);
    await t.close();

    const debug = collect();
    t = await createTestApp({ env: { LOG_LEVEL: "debug" }, logStream: debug.stream });
    await t.app.inject({ method: "GET", url: "/api/health" });
    const requests = debug.lines.filter((l) => l.msg === "request" && l.url === "/api/health");
    expect(requests.length).toBeGreaterThan(0);
    expect(requests[0]).toMatchObject({ level: 20, method: "GET", status: 200 });
  });

  it("shows the outbox's line (the e-mailed reset link) even under LOG_LEVEL=warn", async () => {
    const warn = collect();
    t = await createTestApp({ env: { LOG_LEVEL: "warn" }, logStream: warn.stream });
    const member = await signedIn(t, { password: true });
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/auth/password/forgot",
      payload: { email: member.email },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await expect.poll(() => warn.lines.find((l) => l.to === member.email), { timeout: 15_000 }).toBeDefined();
    expect(String(warn.lines.find((l) => l.to === member.email)?.text)).toContain("/reset-password");
  });

  it("reads as lines on a terminal and as JSON elsewhere or when asked", () => {
    expect(logFormatFor("auto", true)).toBe("pretty");
    expect(logFormatFor("auto", false)).toBe("json");
    expect(logFormatFor("json", true)).toBe("json");
    expect(loadConfig({ LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(() => loadConfig({ LOG_FORMAT: "joli" })).toThrow(/LOG_FORMAT/);
    const time = new Date(2026, 10, 25, 14, 3, 7).getTime();
    const line = prettyLine(
      JSON.stringify({
        level: 30,
        time,
        pid: 1,
        hostname: "h",
        msg: "courriel écrit",
        to: "a@b.fr",
        text: "Code : 123456",
      }),
    );
    expect(line).toBe("14:03:07 INFO  courriel écrit  to=a@b.fr\n    Code : 123456\n");
  });
});
