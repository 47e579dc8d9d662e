import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "../../shared/limits";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const LOCALES = path.join(ROOT, "locales");

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

function load(lang: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const file of readdirSync(path.join(LOCALES, lang)).filter((f) => f.endsWith(".json"))) {
    const ns = file.slice(0, -5);
    const tree = JSON.parse(readFileSync(path.join(LOCALES, lang, file), "utf8")) as Tree;
    for (const [key, value] of flatten(tree)) all.set(`${ns}:${key}`, value);
  }
  return all;
}

const placeholders = (text: string) => (text.match(/{{\s*[\w.]+\s*}}/g) ?? []).map((p) => p.replace(/\s/g, "")).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry) ? [full] : [];
  });
}

describe("locales", () => {
  const byLang = new Map(languages.map((lang) => [lang, load(lang)]));
  const en = byLang.get("en")!;

  it("has the same namespaces in every language", () => {
    const files = (lang: string) => readdirSync(path.join(LOCALES, lang)).sort();
    for (const lang of languages) expect(files(lang)).toEqual(files("en"));
  });

  it.each(languages.filter((l) => l !== "en"))("has every English key in %s with the same placeholders, and no extra key", (lang) => {
    const other = byLang.get(lang)!;
    expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) expect({ key, vars: placeholders(other.get(key) ?? "") }).toEqual({ key, vars: placeholders(text) });
  });

  it("has no empty text", () => {
    for (const [lang, entries] of byLang)
      for (const [key, text] of entries) expect({ lang, key, empty: text.trim() === "" }).toEqual({ lang, key, empty: false });
  });

  it("joins no two sentences with ' - ' (a full stop does), in any language", () => {
    const joined = [...byLang].flatMap(([lang, entries]) =>
      [...entries].filter(([, text]) => / - [A-ZÀ-Ý¿¡]/.test(text)).map(([key, text]) => `${lang} ${key}: ${text}`),
    );
    expect(joined).toEqual([]);
  });

  it("writes messages in Sentence case, not Title Case (names such as Idempotency-Key aside)", () => {
    const names = new Set(["Idempotency", "Key", "ALTCHA", "TURN", "STUN", "CSV", "HTTP", "HTTPS", "API", "PEM", "TLS"]);
    const titleCase = [...byLang].flatMap(([lang, entries]) =>
      [...entries]
        .filter(([key]) => key.startsWith("errors:"))
        .filter(([, text]) => {
          const words = text.match(/[A-Za-zÀ-ÿ]+/g) ?? [];
          return words.slice(1).filter((word) => /^[A-ZÀ-Ý][a-zà-ÿ]/.test(word) && !names.has(word)).length >= 2;
        })
        .map(([key, text]) => `${lang} ${key}: ${text}`),
    );
    expect(titleCase).toEqual([]);
  });

  it("has every literal key the server and client translate", () => {
    const used = new Set<string>();
    for (const file of [...sourceFiles(path.join(ROOT, "client")), ...sourceFiles(path.join(ROOT, "server"))]) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/\bt\(\s*"([a-zA-Z]+:[\w.]+)"/g)) used.add(match[1]!);
      for (const match of text.matchAll(/titleKey: title\("(\w+)"\)/g)) used.add(`pages:titles.${match[1]}`);
    }
    expect(used.size).toBeGreaterThan(20);
    // A plural key (t("…", { count })) exists as its `_one` and `_other` forms.
    const missing = [...used].filter((key) => !en.has(key) && !(en.has(`${key}_one`) && en.has(`${key}_other`)));
    expect(missing).toEqual([]);
  });
});
