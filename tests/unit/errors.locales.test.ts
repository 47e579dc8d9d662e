import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOGUE, CATALOGUE_CODES, placeholdersOf } from "../../shared/errors";

const LANGS = ["en", "pt", "es"] as const;

function raw(lang: string): string {
  return readFileSync(new URL(`../../locales/${lang}/errors.json`, import.meta.url), "utf8");
}

function load(lang: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(raw(lang));
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error(`${lang}: not an object`);
  return parsed as Record<string, unknown>;
}

const files = Object.fromEntries(LANGS.map((lang) => [lang, load(lang)] as const));

describe.each(LANGS)("locales/%s/errors.json", (lang) => {
  const file = files[lang] ?? {};

  it("has exactly the catalogue keys, in catalogue order", () => {
    expect(Object.keys(file)).toEqual([...CATALOGUE_CODES]);
  });

  it("defines no key twice (JSON.parse would hide it)", () => {
    const keys = Array.from(raw(lang).matchAll(/^\s*"([^"]+)"\s*:/gm), (m) => m[1]);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it("has a non-empty string for every key, with the catalogue's placeholders", () => {
    for (const code of CATALOGUE_CODES) {
      const text = file[code];
      expect(typeof text, code).toBe("string");
      if (typeof text !== "string") continue;
      expect(text.trim(), code).not.toBe("");
      expect(placeholdersOf(text), code).toEqual(placeholdersOf(CATALOGUE[code].en));
    }
  });
});

describe("translations", () => {
  it("the English file equals the catalogue's en texts the server uses", () => {
    const en = files.en ?? {};
    for (const code of CATALOGUE_CODES) expect(en[code], code).toBe(CATALOGUE[code].en);
  });

  it.each(["pt", "es"] as const)("%s is translated, not copied from English", (lang) => {
    const file = files[lang] ?? {};
    const copied = CATALOGUE_CODES.filter((code) => file[code] === CATALOGUE[code].en);
    expect(copied).toEqual([]);
  });

  it("the bulk placeholder survives in every language", () => {
    for (const lang of LANGS) expect(placeholdersOf(String(files[lang]?.bulkPartial))).toEqual(["failed", "total"]);
  });
});
