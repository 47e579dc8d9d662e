/**
 * A real SMTP server in the test process (DESIGN §10): smtp-server on 127.0.0.1 with an ephemeral
 * port, plain SMTP (no TLS, no authentication), and a small MIME decoder for the shapes
 * nodemailer writes (multipart, quoted-printable, base64, RFC 2047 headers) — the registry here
 * lacks a release of mailparser's dependencies, so messages are decoded here.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message the capture server accepted. */
export interface CapturedMail {
  /** The To header's addresses, comma-separated. */
  to: string;
  /** The RCPT TO addresses of the SMTP envelope. */
  envelopeTo: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, with its angle brackets. */
  messageId: string;
  /** Every header, names lowercased, values unfolded and decoded. */
  headers: Map<string, string>;
  /** The message as received (after dot-unstuffing). */
  raw: string;
}

/** A running capture server: its `smtp://` URL, what it received so far, and how to wait for more. */
export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** Starts a capture server; close it in afterAll. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    banner: "bulwark-capture",
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString("latin1"), envelopeTo));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(predicate, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > until) throw new Error(`No captured e-mail matched within ${timeoutMs} ms (${messages.length} received)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first URL in the mail (text part, then HTML) whose path starts with `pathPrefix`, e.g. "/verify/". */
export function linkFrom(mail: Pick<CapturedMail, "text" | "html">, pathPrefix: string): string {
  for (const body of [mail.text, mail.html]) {
    for (const match of body.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      const candidate = match[0].replace(/&amp;/g, "&");
      if (new URL(candidate).pathname.startsWith(pathPrefix)) return candidate;
    }
  }
  throw new Error(`No link starting with ${pathPrefix} in the e-mail "${mail.text.slice(0, 80)}…"`);
}

/** Splits an entity into its headers (unfolded, RFC 2047-decoded) and its body. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const cut = raw.indexOf("\r\n\r\n");
  const head = cut >= 0 ? raw.slice(0, cut) : raw;
  const body = cut >= 0 ? raw.slice(cut + 4) : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); whitespace between two words is dropped. */
function decodeWords(value: string): string {
  const joined = value.replace(/(\?=)\s+(=\?)/g, "$1$2");
  const decoded = joined.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("latin1") : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
  return Buffer.from(decoded, "latin1").toString("utf8");
}

/** Quoted-printable to a byte string (one char per byte). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The text of a body by its Content-Transfer-Encoding, as UTF-8. */
function decodeBody(body: string, encoding: string): string {
  const bytes =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : Buffer.from(encoding === "quoted-printable" ? decodeQuotedPrintable(body) : body, "latin1");
  return bytes.toString("utf8");
}

/** Collects the text/plain and text/html parts of an entity, descending into multiparts. */
function collectParts(raw: string, out: { text: string; html: string }): void {
  const { headers, body } = splitEntity(raw);
  const type = headers.get("content-type") ?? "text/plain";
  const mime = type.split(";")[0]!.trim().toLowerCase();
  if (mime.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return;
    const sections = body.split(`--${boundary}`);
    // sections[0] is the preamble; the last starts with "--" (the epilogue).
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      collectParts(section.replace(/^\r\n/, "").replace(/\r\n$/, ""), out);
    }
    return;
  }
  const text = decodeBody(body, (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase());
  if (mime === "text/html" && !out.html) out.html = text;
  else if (mime === "text/plain" && !out.text) out.text = text;
}

/** Decodes one received message. */
function parseMail(raw: string, envelopeTo: string[]): CapturedMail {
  const { headers } = splitEntity(raw);
  const parts = { text: "", html: "" };
  collectParts(raw, parts);
  const addresses = (value: string) =>
    value
      .split(",")
      .map((a) => /<([^>]+)>/.exec(a)?.[1] ?? a.trim())
      .filter(Boolean)
      .join(", ");
  return {
    to: addresses(headers.get("to") ?? ""),
    envelopeTo: [...envelopeTo],
    from: headers.get("from") ?? "",
    subject: headers.get("subject") ?? "",
    text: parts.text,
    html: parts.html,
    messageId: headers.get("message-id") ?? "",
    headers,
    raw: Buffer.from(raw, "latin1").toString("utf8"),
  };
}
