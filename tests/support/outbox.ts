import fs from "node:fs";
import path from "node:path";

/** The e-mails the test server wrote to its outbox (no SMTP_URL) that name `to`, as raw text. */
export function outboxMailsTo(t: { config: { outboxDir: string } }, to: string): string[] {
  const dir = t.config.outboxDir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((m) => m.includes(to));
}
