import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { operatorMessages } from "#contract/operator";
import { loadConfig } from "./config.ts";
import { createMailer } from "./mailer.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "bobine-mailer-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const mail = { to: "membre@orange.fr", subject: "Code", text: "123456", html: "<p>123456</p>" };

describe("mailer without SMTP (the outbox folder)", () => {
  it("writes each mail whole under its final name and leaves nothing temporary", async () => {
    const config = loadConfig({ DATA_DIR: path.join(root, "ok") });
    const log = { info: vi.fn(), error: vi.fn() };
    const mailer = createMailer(config, log);
    expect(await mailer.ready()).toBe(true);
    await mailer.send(mail);
    const names = fs.readdirSync(config.outboxDir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/\.eml$/);
    expect(fs.statSync(path.join(config.outboxDir, names[0] as string)).size).toBeGreaterThan(0);
    mailer.close();
  });

  it("says it cannot send when the outbox takes no file, and logs a later failure at level error", async () => {
    const config = loadConfig({ DATA_DIR: path.join(root, "blocked") });
    fs.mkdirSync(config.dataDir, { recursive: true });
    // A file where the outbox folder should be: nothing can be written there.
    fs.writeFileSync(config.outboxDir, "");
    const log = { info: vi.fn(), error: vi.fn() };
    const mailer = createMailer(config, log);
    expect(await mailer.ready()).toBe(false);
    mailer.sendLater(mail);
    await vi.waitFor(() =>
      expect(log.error).toHaveBeenCalledWith(expect.anything(), operatorMessages.mailFailed),
    );
    expect(log.info).not.toHaveBeenCalled();
    mailer.close();
  });
});
