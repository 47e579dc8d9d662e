import { usernameAllowed } from "../../../shared/domain/domains";
import type { InviteType } from "../../../shared/domain/statuses";
import { maxLength } from "../../../shared/limits";
import { inviteAddressProblem } from "../../../shared/schemas/invite";

/**
 * The invitation wizard's address handling, pure so it is unit-tested and
 * runs the same in the server render and the browser: addresses typed or pasted (one per line or
 * comma-separated) or read from a CSV file, then sorted into what the review step counts. The
 * rules are the shared schemas' (`inviteAddressProblem`) and the shared white-list rule, so what the
 * review calls invalid or outside the domains is what the server refuses.
 */

/** Header names that mark the address column of a CSV file (lowercase, compared trimmed). */
export const ADDRESS_HEADERS: readonly string[] = [
  "address",
  "addresses",
  "email",
  "e-mail",
  "emails",
  "handle",
  "handles",
  "username",
  "usernames",
];

/** Addresses typed or pasted: one per line, or separated by commas or semicolons; blanks dropped. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\r\n,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** One CSV line's fields (RFC 4180 quoting: "a ""b""" is a "b"). */
function csvFields(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line.charAt(i);
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      fields.push(field.trim());
      field = "";
    } else field += char;
  }
  fields.push(field.trim());
  return fields;
}

/** The lines of a CSV text; a line break inside quotes stays in its field. */
function csvLines(text: string): string[] {
  const lines: string[] = [];
  let line = "";
  let quoted = false;
  for (const char of text.replace(/^\uFEFF/, "")) {
    if (char === '"') quoted = !quoted;
    if (!quoted && (char === "\n" || char === "\r")) {
      if (line.trim() !== "") lines.push(line);
      line = "";
    } else line += char;
  }
  if (line.trim() !== "") lines.push(line);
  return lines;
}

/** What a CSV file held: its addresses, or why none could be read. */
export type CsvAddresses = { ok: true; addresses: string[] } | { ok: false; reason: "empty" | "noAddressColumn" };

/**
 * The addresses of a CSV file as the CLI reads them: a header naming the
 * address column (`email`, `address`, `handle`, `username`…), comma or semicolon separated; or,
 * with one column and no such header, one address per line.
 */
export function parseCsv(text: string): CsvAddresses {
  const lines = csvLines(text);
  if (lines.length === 0) return { ok: false, reason: "empty" };
  const first = lines[0] ?? "";
  const separator = first.includes(";") && !first.includes(",") ? ";" : ",";
  const header = csvFields(first, separator).map((name) => name.toLowerCase());
  const column = header.findIndex((name) => ADDRESS_HEADERS.includes(name));
  if (column < 0) {
    if (header.length > 1) return { ok: false, reason: "noAddressColumn" };
    return { ok: true, addresses: lines.map((line) => csvFields(line, separator)[0] ?? "").filter((value) => value !== "") };
  }
  const addresses = lines
    .slice(1)
    .map((line) => csvFields(line, separator)[column] ?? "")
    .filter((value) => value !== "");
  return { ok: true, addresses };
}

/** Whether an address is well formed for the invitation type (the server's own schema rules). */
export function isValidAddress(type: InviteType, address: string): boolean {
  if (address.length > maxLength.username) return false;
  return inviteAddressProblem(type, address) === null;
}

/** The key two addresses are the same person by: e-mail addresses and handles ignore case. */
export function addressKey(address: string): string {
  return address.trim().toLowerCase();
}

/** The addresses sorted for the review step (before the server says who is already onboarded). */
export interface SortedAddresses {
  /** Well formed, first occurrence, inside the company's domains: what will be sent. */
  valid: string[];
  /** Repeats of an address already listed (each repeat once per occurrence). */
  duplicates: string[];
  /** Not an e-mail address (e-mail invitations) or not a handle (handle invitations). */
  invalid: string[];
  /** E-mail addresses outside the company's white-listed domains. */
  outsideDomains: string[];
}

/**
 * Sorts the entered addresses: invalid ones first (they are never compared), then repeats of
 * an earlier valid address, then addresses outside the white-list; the rest are sent.
 */
export function sortAddresses(entries: readonly string[], type: InviteType, domains: readonly string[]): SortedAddresses {
  const out: SortedAddresses = { valid: [], duplicates: [], invalid: [], outsideDomains: [] };
  const seen = new Set<string>();
  for (const raw of entries) {
    const address = raw.trim();
    if (!isValidAddress(type, address)) {
      out.invalid.push(address);
      continue;
    }
    const key = addressKey(address);
    if (seen.has(key)) {
      out.duplicates.push(address);
      continue;
    }
    seen.add(key);
    if (type === "email" && !usernameAllowed(key, domains)) out.outsideDomains.push(address);
    else out.valid.push(address);
  }
  return out;
}
