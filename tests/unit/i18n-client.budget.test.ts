/**
 * The islands' translator (client/i18n-client.ts) is a lookup instead of i18next's runtime, to keep
 * i18next out of the browser's budget (issue #28); whatever it answers must be exactly what
 * i18next answers with the settings the browser used (the page's language only, no fallback, no
 * escaping), for every text of every language and namespace.
 */
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { createClientTranslate } from "../../client/i18n-client";
import { createI18n, listNamespaces, resourcesFor } from "../../server/i18n";
import { languages } from "../../shared/limits";
import { ROOT_DIR } from "../support/server";

const localesDir = path.join(ROOT_DIR, "locales");
const server = await createI18n(localesDir);
const namespaces = listNamespaces(localesDir);

/** i18next as the browser configured it before the lookup replaced it. */
function reference(lang: string, resources: Record<string, Record<string, unknown>>) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: resources },
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return (key: string, vars?: Record<string, string | number>) => instance.t(key, vars ?? {});
}

function leafKeys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function varsFor(text: string): Record<string, string | number> {
  const vars: Record<string, string | number> = {};
  for (const [, name] of text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)) vars[name!] = name === "count" ? 3 : `<${name}&"x">`;
  return vars;
}

describe("createClientTranslate", () => {
  for (const lang of languages) {
    it(`answers what i18next answers for every ${lang} text, with, without and with missing variables`, () => {
      const resources = resourcesFor(server, lang, namespaces) as Record<string, Record<string, unknown>>;
      const t = createClientTranslate({ lang, resources });
      const expected = reference(lang, resources);
      let filled = 0;
      for (const ns of namespaces) {
        for (const key of leafKeys(resources[ns])) {
          // Plural forms are asked for by their base key and a count (below).
          const id = `${ns}:${key.replace(/_(zero|one|two|few|many|other)$/, "")}`;
          expect(t(id), id).toBe(expected(id));
          const raw = server.getResource(lang, ns, key) as unknown;
          if (typeof raw !== "string") continue;
          const vars = varsFor(raw);
          if (Object.keys(vars).length === 0) continue;
          filled++;
          expect(t(id, vars), id).toBe(expected(id, vars));
          const [first] = Object.keys(vars);
          const partial = { ...vars };
          delete partial[first!];
          expect(t(id, partial), `${id} without ${first}`).toBe(expected(id, partial));
        }
      }
      expect(filled).toBeGreaterThan(20);
    });
  }

  it("picks plural forms by count like i18next, in every language, for any count", () => {
    for (const lang of languages) {
      const resources = resourcesFor(server, lang, namespaces) as Record<string, Record<string, unknown>>;
      const t = createClientTranslate({ lang, resources });
      const expected = reference(lang, resources);
      const plural = namespaces.flatMap((ns) =>
        leafKeys(resources[ns])
          .filter((key) => key.endsWith("_other"))
          .map((key) => `${ns}:${key.slice(0, -"_other".length)}`),
      );
      expect(plural.length).toBeGreaterThan(10);
      for (const id of plural)
        for (const count of [0, 1, 2, 5, 21, 1000, 1_000_000, 1.5])
          expect(t(id, { count }), `${id} ${count}`).toBe(expected(id, { count }));
    }
  });

  it("answers unknown keys, default values and the default namespace like i18next", () => {
    const resources = resourcesFor(server, "pt", namespaces) as Record<string, Record<string, unknown>>;
    const t = createClientTranslate({ lang: "pt", resources });
    const expected = reference("pt", resources);
    for (const id of ["common:no.such.key", "no.such.key", "settings:help.apps.nothing", "errors:scriptLoadError", "errors"]) {
      expect(t(id)).toBe(expected(id));
      expect(t(id, { name: "x" })).toBe(expected(id, { name: "x" }));
      expect(t(id, { defaultValue: "" })).toBe(expected(id, { defaultValue: "" }));
      expect(t(id, { defaultValue: "Fallback {{name}}", name: "x" })).toBe(expected(id, { defaultValue: "Fallback {{name}}", name: "x" }));
    }
    const common = Object.keys(resources.common ?? {}).find((key) => typeof resources.common?.[key] === "string");
    expect(common).toBeDefined();
    expect(t(common!)).toBe(expected(common!));
  });
});
