/**
 * Every key of the list islands' namespaces is used somewhere (issue 27): a key left behind by a
 * refactor is text nobody sees but translators keep paying for. A key counts as used when the
 * client, server or shared code names it literally, builds it from a literal prefix (a template
 * such as `users:statuses.${status}`, or `["users:list", "devices"].join(".")`), or is a plural
 * form of a used key.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
/** The namespaces of the users, invites, logs, admins and licenses lists. */
const NAMESPACES = ["users", "invites", "logs", "admins", "licenses"] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [prefix + key.replace(PLURAL, "")] : keysOf(value, `${prefix}${key}.`),
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry) ? [full] : [];
  });
}

/** Whether `text` names `ns:key` literally or builds it from a literal prefix. */
export function keyUsed(text: string, ns: string, key: string): boolean {
  if (text.includes(`"${ns}:${key}"`) || text.includes(`\`${ns}:${key}\``) || text.includes(`'${ns}:${key}'`)) return true;
  const parts = key.split(".");
  for (let i = 1; i < parts.length; i++) {
    const prefix = `${ns}:${parts.slice(0, i).join(".")}`;
    if (text.includes(`\`${prefix}.\${`)) return true;
    if (i === parts.length - 1 && text.includes(`["${prefix}", "${parts[i]}"].join(".")`)) return true;
  }
  return false;
}

describe("the list namespaces' keys", () => {
  const text = ["client", "server", "shared"]
    .flatMap((dir) => sources(path.join(ROOT, dir)).map((file) => readFileSync(file, "utf8")))
    .join("\n");

  it("recognises literal, template and joined keys, and nothing else", () => {
    expect(keyUsed('t("users:list.search")', "users", "list.search")).toBe(true);
    expect(keyUsed("t(`users:statuses.${status}`)", "users", "statuses.active")).toBe(true);
    expect(keyUsed('["users:list", "devices"].join(".")', "users", "list.devices")).toBe(true);
    expect(keyUsed('t("users:list.searchPlaceholder")', "users", "list.search")).toBe(false);
    expect(keyUsed('t("common:list.any")', "users", "list.any")).toBe(false);
  });

  it.each(NAMESPACES)("%s: every key is used", (ns) => {
    const tree = JSON.parse(readFileSync(path.join(ROOT, "locales", "en", `${ns}.json`), "utf8")) as Tree;
    const unused = [...new Set(keysOf(tree))].filter((key) => !keyUsed(text, ns, key));
    expect(unused).toEqual([]);
  });
});
