/**
 * The pages' translator (makeTranslate) remembers texts and fills plain `{{name}}` placeholders
 * itself; whatever it answers must be exactly what i18next answers, for every text of every
 * language and namespace.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createI18n, listNamespaces } from "../../server/i18n";
import { makeTranslate } from "../../server/pages/translate";
import { languages } from "../../shared/limits";
import { ROOT_DIR } from "../support/server";

const localesDir = path.join(ROOT_DIR, "locales");
const i18n = await createI18n(localesDir);

/** Every leaf key of a resource bundle, dotted. */
function leafKeys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

/** Sample values for a text's placeholders (and a count, which takes i18next's plural path). */
function varsFor(text: string): Record<string, string | number> {
  const vars: Record<string, string | number> = {};
  for (const [, name] of text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)) vars[name!] = name === "count" ? 3 : `<${name}&"x">`;
  return vars;
}

describe("makeTranslate", () => {
  for (const lang of languages) {
    it(`answers exactly what i18next answers for every ${lang} text, with and without variables`, () => {
      const t = makeTranslate(i18n, lang);
      const reference = i18n.getFixedT(lang);
      let filled = 0;
      for (const ns of listNamespaces(localesDir)) {
        for (const key of leafKeys(i18n.getResourceBundle(lang, ns))) {
          const raw = i18n.getResource(lang, ns, key);
          if (typeof raw !== "string") continue;
          const id = `${ns}:${key}`;
          expect(t(id)).toBe(reference(id));
          expect(t(id)).toBe(reference(id)); // remembered: the same answer again
          const vars = varsFor(raw);
          if (Object.keys(vars).length === 0) continue;
          filled++;
          expect(t(id, vars), id).toBe(reference(id, vars));
          // A missing variable goes through i18next, which decides what to show.
          const [first] = Object.keys(vars);
          const partial = { ...vars };
          delete partial[first!];
          expect(t(id, partial), `${id} without ${first}`).toBe(reference(id, partial));
        }
      }
      expect(filled).toBeGreaterThan(20);
    });
  }

  it("answers plurals by count like i18next, remembered across renders", () => {
    for (const lang of languages) {
      const reference = i18n.getFixedT(lang);
      for (const count of [0, 1, 2, 5, 21, 1000]) {
        expect(makeTranslate(i18n, lang)("users:list.devices", { count })).toBe(reference("users:list.devices", { count }));
        expect(makeTranslate(i18n, lang)("users:list.devices", { count })).toBe(reference("users:list.devices", { count }));
      }
    }
  });

  it("answers plurals with other variables like i18next, for every plural text and count", () => {
    let checked = 0;
    for (const lang of languages) {
      const t = makeTranslate(i18n, lang);
      const reference = i18n.getFixedT(lang);
      for (const ns of listNamespaces(localesDir)) {
        const keys = leafKeys(i18n.getResourceBundle(lang, ns));
        const plurals = new Set(keys.flatMap((key) => /^(.+)_(zero|one|two|few|many|other)$/.exec(key)?.[1] ?? []));
        for (const base of plurals) {
          const id = `${ns}:${base}`;
          const vars = varsFor(String(i18n.getResource(lang, ns, `${base}_other`) ?? i18n.getResource(lang, ns, `${base}_one`)));
          delete vars.count;
          vars.team = vars.team ?? "Acme & Co";
          for (const count of [0, 1, 2, 5, 21, 1000, 1.5]) {
            expect(t(id, { ...vars, count }), `${lang} ${id} ${count}`).toBe(reference(id, { ...vars, count }));
            expect(t(id, { ...vars, count }), `${lang} ${id} ${count}, remembered`).toBe(reference(id, { ...vars, count }));
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it("falls back like i18next for a key missing in the language and for unknown keys", () => {
    const t = makeTranslate(i18n, "pt");
    const reference = i18n.getFixedT("pt");
    expect(t("common:no.such.key")).toBe(reference("common:no.such.key"));
    expect(t("common:no.such.key", { name: "x" })).toBe(reference("common:no.such.key", { name: "x" }));
  });
});
