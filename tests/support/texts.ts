/**
 * The console's own texts for browser tests: the server's translator (real locales, the same
 * i18next instance and plural rules the pages use), but strict. A key the language does not
 * define throws instead of falling back to English, so a test run in Spanish fails on a missing
 * Spanish text rather than quietly looking for the English one.
 */
import path from "node:path";
import type { Translate } from "../../client/components/render-context";
import { createI18n } from "../../server/i18n";
import { makeTranslate } from "../../server/pages/translate";
import { ROOT_DIR } from "./server";

const i18n = await createI18n(path.join(ROOT_DIR, "locales"));

/** Whether `lang` itself defines `key` (`ns:path`), as a plain text or as plural forms. */
function defines(lang: string, key: string): boolean {
  const [ns, rest] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
  return [rest, `${rest}_one`, `${rest}_other`].some((candidate) => typeof i18n.getResource(lang, ns, candidate) === "string");
}

/** The translator of one language that refuses keys the language lacks (no English fallback). */
export function strictTranslate(lang: string): Translate {
  const t = makeTranslate(i18n, lang);
  return (key, vars) => {
    if (!defines(lang, key)) throw new Error(`locales/${lang} has no text for ${key}`);
    return t(key, vars);
  };
}

/** A text as a pattern matching it anywhere (an accessible name that also holds a hint). */
export function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}
