import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { operatorMessages } from "#contract/operator";
import type { Config } from "./config.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Sends without making the caller wait; a failure is logged. Unauthenticated routes use it so a
   * known address does not answer slower than an unknown one (SECURITY-CHECKLIST 5).
   */
  sendLater(mail: Mail): void;
  /**
   * Whether a mail can leave now (the outbox folder takes a file; SMTP is assumed reachable, its
   * failures are logged). Asked before a public route decides anything, so the answer is the same
   * whether or not the address has an account.
   */
  ready(): Promise<boolean>;
  close(): void;
}

/** Where the mailer reports: a pino logger (the app's or the worker's). */
export interface MailLog {
  info(extra: object, msg: string): void;
  error(extra: object, msg: string): void;
}

/** About the size of a mail: a probe this big fits where a mail would. */
const PROBE = Buffer.alloc(16 * 1024, 0x20);

/**
 * nodemailer over SMTP_URL; without it each mail is written to DATA_DIR/outbox/*.eml and logged,
 * so whoever runs the server sees codes and links (docs/decisions/004-accounts-without-better-auth.md).
 */
export function createMailer(config: Config, log: MailLog): Mailer {
  const withLater = (m: Omit<Mailer, "sendLater">): Mailer => ({
    ...m,
    sendLater(mail) {
      // Nobody waits for it any more: the operator must see it (level error, decision 014).
      m.send(mail).catch((err: unknown) =>
        log.error({ err, to: mail.to, subject: mail.subject }, operatorMessages.mailFailed),
      );
    },
  });
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return withLater({
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
      ready: async () => true,
      close: () => transport.close(),
    });
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return withLater({
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
      const file = path.join(config.outboxDir, name);
      // Written under a temporary name, then renamed: a full disk leaves no empty or cut .eml.
      await writeWhole(config.outboxDir, file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, operatorMessages.mailWritten(file));
    },
    async ready() {
      try {
        await writeWhole(
          config.outboxDir,
          path.join(config.outboxDir, `.probe-${randomBytes(4).toString("hex")}`),
          PROBE,
          true,
        );
        return true;
      } catch {
        return false;
      }
    },
    close: () => transport.close(),
  });
}

/** Writes `file` whole or not at all (temporary name, then rename); `thenRemove` for a probe. */
async function writeWhole(dir: string, file: string, data: Buffer, thenRemove = false) {
  await fs.mkdir(dir, { recursive: true });
  const temporary = `${file}.tmp`;
  try {
    await fs.writeFile(temporary, data);
    if (thenRemove) await fs.rm(temporary, { force: true });
    else await fs.rename(temporary, file);
  } catch (err) {
    await fs.rm(temporary, { force: true }).catch(() => {});
    throw err;
  }
}
