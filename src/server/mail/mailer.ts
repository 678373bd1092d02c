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
  close(): void;
}

/**
 * nodemailer over SMTP_URL; without it each mail is written to DATA_DIR/outbox/*.eml and logged,
 * so whoever runs the server sees codes and links (issue: Accounts, "Mail").
 */
export function createMailer(config: Config, log: (msg: string, extra?: object) => void): Mailer {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      fs.mkdirSync(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
      const file = path.join(config.outboxDir, name);
      fs.writeFileSync(file, info.message as Buffer);
      log(`mail écrit dans ${file}`, { to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
