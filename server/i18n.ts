import { readdirSync } from "node:fs";
import path from "node:path";
import i18next, { type i18n, type TFunction } from "i18next";
import FsBackend from "i18next-fs-backend";
import { languages, defaultLanguage } from "../shared/limits";

/** The namespaces under locales/<lang>/; every JSON file there is one. */
export function listNamespaces(localesDir: string): string[] {
  return readdirSync(path.join(localesDir, defaultLanguage))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}

/**
 * Loads every language and namespace from locales/ once at start, so rendering never waits on
 * the file system and a missing file stops the server instead of showing raw keys.
 */
export async function createI18n(localesDir: string): Promise<i18n> {
  const ns = listNamespaces(localesDir);
  const instance = i18next.createInstance();
  await instance.use(FsBackend).init({
    backend: { loadPath: path.join(localesDir, "{{lng}}/{{ns}}.json") },
    preload: [...languages],
    supportedLngs: [...languages],
    fallbackLng: defaultLanguage,
    ns,
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

/** A translator bound to one language, as pages and mail templates use it. */
export function translatorFor(i18n: i18n, lang: string): TFunction {
  return i18n.getFixedT(lang);
}

/** The resources of the given namespaces in one language: what an island needs inlined. */
export function resourcesFor(i18n: i18n, lang: string, namespaces: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const ns of namespaces) out[ns] = i18n.getResourceBundle(lang, ns) ?? {};
  return out;
}
