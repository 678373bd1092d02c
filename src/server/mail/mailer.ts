import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config.ts";

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
  close(): void;
}

/**
 * nodemailer over SMTP_URL; without it each mail is written to DATA_DIR/outbox/*.eml and logged,
 * so whoever runs the server sees codes and links (issue: Accounts, "Mail").
 */
export function createMailer(config: Config, log: (msg: string, extra?: object) => void): Mailer {
  const withLater = (m: Omit<Mailer, "sendLater">): Mailer => ({
    ...m,
    sendLater(mail) {
      m.send(mail).catch((err: unknown) =>
        log("échec de l'envoi d'un e-mail", { err, to: mail.to, subject: mail.subject }),
      );
    },
  });
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return withLater({
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
      close: () => transport.close(),
    });
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return withLater({
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      fs.mkdirSync(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
      const file = path.join(config.outboxDir, name);
      fs.writeFileSync(file, info.message as Buffer);
      log(`mail écrit dans ${file}`, { to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  });
}
