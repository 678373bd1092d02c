import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The message with quoted-printable soft breaks and escapes decoded (good enough for codes and links). */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Decodes each MIME part by its Content-Transfer-Encoding (quoted-printable or base64). */
function decodeMime(raw: string): string {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join("\n\n");
      if (/content-transfer-encoding:\s*base64/i.test(head)) {
        return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")}`;
      }
      return decodeQuotedPrintable(part);
    })
    .join("\n");
}

/** A real SMTP server on a random local port that keeps what it receives. */
export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("latin1");
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeMime(raw) });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /**
     * The newest mail to `address` once more than `after` mails have reached it (mail is sent in
     * the background, so take `countTo` before the action and pass it here).
     */
    async lastTo(address: string, after = 0, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const to = mails.filter((m) => m.to.includes(address));
        const found = to.length > after ? to.at(-1) : undefined;
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    countTo: (address: string) => mails.filter((m) => m.to.includes(address)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const codeIn = (mail: Pick<ReceivedMail, "text">) =>
  /code de vérification[^:]*:\s*(\d{6})/i.exec(mail.text)?.[1] ?? "";
export const resetTokenIn = (mail: Pick<ReceivedMail, "text">) =>
  /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? "";
