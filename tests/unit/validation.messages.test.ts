import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { languages } from "../../shared/limits";
import * as schemas from "../../shared/schemas";
import {
  DEFAULT_SETTINGS,
  V,
  VALIDATION_MESSAGE_KEYS,
  VALIDATION_MESSAGE_PARAMS,
  isValidationMessageKey,
  toI18nKey,
  validationKeyOf,
  validationMessageParams,
} from "../../shared/schemas";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function load(lang: string): Record<string, Json> {
  const path = fileURLToPath(new URL(`../../locales/${lang}/validation.json`, import.meta.url));
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, Json>;
}

/** Flattens nested JSON into dotted keys. */
function flatten(value: Record<string, Json>, prefix = ""): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === "object" && !Array.isArray(child)) {
      for (const [k, v] of flatten(child, path)) out.set(k, v);
    } else out.set(path, child);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const locales = Object.fromEntries(languages.map((lang) => [lang, flatten(load(lang))]));

describe("validation message keys and locales", () => {
  it("lists distinct keys in the validation namespace", () => {
    expect(new Set(VALIDATION_MESSAGE_KEYS).size).toBe(VALIDATION_MESSAGE_KEYS.length);
    for (const key of VALIDATION_MESSAGE_KEYS) expect(key).toMatch(/^validation\.[A-Za-z]+$/);
    expect(toI18nKey(V.passwordClasses)).toBe("validation:passwordClasses");
  });

  it.each(languages)("%s has a non-empty text for every key", (lang) => {
    const texts = locales[lang];
    for (const key of VALIDATION_MESSAGE_KEYS) {
      const text = texts?.get(key.slice("validation.".length));
      expect(typeof text === "string" && text.trim().length > 0, `${lang}: ${key}`).toBe(true);
    }
  });

  it("has identical key sets in every language and no stray keys", () => {
    const expected = VALIDATION_MESSAGE_KEYS.map((key) => key.slice("validation.".length)).sort();
    for (const lang of languages) expect([...(locales[lang]?.keys() ?? [])].sort(), lang).toEqual(expected);
  });

  it("uses the same interpolation variables in every language", () => {
    for (const key of VALIDATION_MESSAGE_KEYS) {
      const expected = [...(VALIDATION_MESSAGE_PARAMS[key] ?? [])].sort();
      for (const lang of languages) {
        const text = locales[lang]?.get(key.slice("validation.".length));
        expect(variables(typeof text === "string" ? text : ""), `${lang}: ${key}`).toEqual(expected);
      }
    }
  });

  it("translates rather than copies English", () => {
    const en = locales.en;
    for (const lang of ["pt", "es"] as const) {
      const same = VALIDATION_MESSAGE_KEYS.filter((key) => {
        const name = key.slice("validation.".length);
        return locales[lang]?.get(name) === en?.get(name);
      });
      expect(same, lang).toEqual([]);
    }
  });
});

describe("every schema issue carries one of our keys", () => {
  const probes: unknown[] = [
    undefined,
    null,
    0,
    -1,
    1.5,
    1e20,
    "",
    " ",
    "x",
    "Bad Value!",
    "x".repeat(5000),
    [],
    [null],
    ["x", "x"],
    {},
    { unknown: true },
    { action: "nope" },
    { teams: [1] },
    { uids: ["a"] },
    { general: { bogus: 1 } },
  ];
  const isSchema = (value: unknown): value is z.ZodType =>
    typeof value === "object" && value !== null && "safeParse" in value && typeof value.safeParse === "function";
  const collect = (module: Record<string, unknown>): [string, z.ZodType][] => {
    const out: [string, z.ZodType][] = [];
    for (const [name, value] of Object.entries(module)) if (isSchema(value)) out.push([name, value]);
    return out;
  };
  const all = [...collect(schemas), ...collect(schemas.fields)];

  it("covers the schemas", () => {
    expect(all.length).toBeGreaterThan(40);
  });

  it.each(all)("%s", (_name, schema) => {
    for (const probe of probes) {
      const result = schema.safeParse(probe);
      for (const issue of result.error?.issues ?? []) {
        expect(isValidationMessageKey(issue.message), `${JSON.stringify(probe)?.slice(0, 40)} → ${issue.message}`).toBe(true);
      }
    }
  });

  it("nested settings with wrong values still use keys", () => {
    const broken = JSON.parse(
      JSON.stringify(DEFAULT_SETTINGS)
        .replace(/true|false/g, '"yes"')
        .replace(/\d+/g, "-1"),
    ) as unknown;
    const result = schemas.SettingsSchema.safeParse(broken);
    expect(result.success).toBe(false);
    for (const issue of result.error?.issues ?? []) expect(isValidationMessageKey(issue.message), issue.message).toBe(true);
  });

  it("exposes interpolation values for the UI", () => {
    const issue = schemas.fields.port.safeParse(70_000).error?.issues[0];
    expect(issue && validationKeyOf(issue)).toBe(V.tooBig);
    expect(issue && validationMessageParams(issue)).toEqual({ max: 65_535 });
    expect(validationKeyOf({ message: "Invalid input" })).toBe(V.invalid);
  });
});
