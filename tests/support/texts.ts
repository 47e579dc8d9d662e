/**
 * The console's own texts for browser tests: the server's translator (real locales, the same
 * i18next instance and plural rules the pages use), but strict. A key the language does not
 * define throws instead of falling back to English, so a test run in Spanish fails on a missing
 * Spanish text rather than quietly looking for the English one.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import type { Translate } from "../../client/components/render-context";
import { createI18n } from "../../server/i18n";
import { makeTranslate } from "../../server/pages/translate";
import { LICENSE_SOURCES, LICENSE_TYPES, PACK_STATES } from "../../shared/domain/licenses";
import { ROLES } from "../../shared/domain/roles";
import {
  ADMIN_STATUSES,
  ASSOCIATION_STATUSES,
  INVITE_STATES,
  INVITE_TYPES,
  LICENSE_PACK_STATUSES,
  USER_STATUSES,
} from "../../shared/domain/statuses";
import { LOG_OUTCOMES } from "../../shared/schemas/logs";
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

/** Every key of every language, as code writes it (`ns:path`) and as i18next shows a missing one (`path`). */
function allLocaleKeys(): Set<string> {
  const keys = new Set<string>();
  const walk = (ns: string, tree: unknown, prefix: string) => {
    if (typeof tree === "string") {
      const path = prefix.replace(/_(one|other|many|zero|few|two)$/, "");
      keys.add(`${ns}:${path}`);
      // A bare one-word path ("title") is an ordinary word, not recognisably a key.
      if (path.includes(".")) keys.add(path);
      return;
    }
    if (tree && typeof tree === "object") for (const [k, v] of Object.entries(tree)) walk(ns, v, prefix === "" ? k : `${prefix}.${k}`);
  };
  for (const lang of Object.keys(i18n.store.data)) for (const [ns, tree] of Object.entries(i18n.store.data[lang] ?? {})) walk(ns, tree, "");
  return keys;
}

/**
 * Stored codes the console must never show as they are in Portuguese or Spanish: statuses, roles,
 * pack types, states and sources, invitation kinds, wipe states, log outcomes. (English words
 * spelled like their code but capitalised, "Active", are translations; the lower-case code is not.)
 */
export const ENUM_CODES: ReadonlySet<string> = new Set([
  ...ROLES,
  "user",
  "superAdmin",
  ...ADMIN_STATUSES,
  ...USER_STATUSES,
  ...INVITE_STATES,
  ...INVITE_TYPES,
  ...ASSOCIATION_STATUSES,
  ...LICENSE_TYPES,
  ...LICENSE_SOURCES,
  ...PACK_STATES,
  ...LICENSE_PACK_STATUSES,
  ...LOG_OUTCOMES,
  "none",
  "done",
]);

/** An access-log action code as the server records it (`admin.signin`, `team.domains.add`). */
const ACTION_CODE = /^(accessToken|admin|association|device|invite|license|seed|serviceToken|settings|team|user|users)(\.[a-z][A-Za-z]*)+$/;

const localeKeys = allLocaleKeys();

/** Namespaces and their top-level keys: where a key that no language defines would start. */
const keyRoots = new Set(
  Object.values(i18n.store.data).flatMap((namespaces) =>
    Object.entries(namespaces ?? {}).flatMap(([ns, tree]) => [ns, ...Object.keys(tree as object)]),
  ),
);

/**
 * Whether a word is shaped like an i18n key: `ns:path`, or a dotted path starting at a namespace's
 * top-level key (`help.apps.android`: i18next shows a key no language has without its namespace).
 */
function looksLikeKey(word: string): boolean {
  if (localeKeys.has(word)) return true;
  const match = /^(?:([a-z][A-Za-z]*):)?([a-z][A-Za-z0-9]*)((?:\.[A-Za-z0-9_]+)+)?$/.exec(word);
  if (!match) return false;
  const [, ns, root, rest] = match;
  return ns !== undefined ? keyRoots.has(ns) : rest !== undefined && keyRoots.has(root!);
}

/**
 * The texts a page shows: every rendered text node (including visually hidden ones for screen
 * readers), the options of its selects and the placeholders of its fields.
 */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const text = node.textContent?.trim() ?? "";
      const parent = node.parentElement;
      if (text === "" || !parent || parent.closest("script, style, template, noscript, option")) continue;
      if (parent.checkVisibility({ visibilityProperty: true })) out.push(text);
    }
    for (const select of Array.from(document.querySelectorAll("select")))
      if (select.checkVisibility()) for (const option of Array.from(select.options)) out.push(option.text.trim());
    for (const field of Array.from(document.querySelectorAll<HTMLInputElement>("input[placeholder], textarea[placeholder]")))
      if (field.checkVisibility()) out.push(field.placeholder.trim());
    return out;
  });
}

/**
 * What is wrong with a page's texts: a text that is an i18n key (a lookup that found nothing), an
 * access-log action code, or, in Portuguese and Spanish, an enum code shown untranslated (alone,
 * or as the value of a "Label: value" text).
 */
export function rawTextProblems(texts: readonly string[], lang: string): string[] {
  const problems = new Set<string>();
  for (const text of texts) {
    const value = text.includes(": ") ? text.slice(text.lastIndexOf(": ") + 2) : text;
    // A key may also hide inside a longer text (a hint joined with "Default: 5"); an action code
    // inside a longer text is an example (the action filter's "e.g. settings.update"), not a key.
    const tokens = text
      .split(/\s+/)
      .map((token) => token.replace(/^[("'«]+|[)"'»,;:.!?…]+$/g, ""))
      .filter((token) => /[.:]/.test(token) && !ACTION_CODE.test(token));
    if (localeKeys.has(text) || localeKeys.has(value) || tokens.some(looksLikeKey)) problems.add(`shows the i18n key "${text}"`);
    else if (ACTION_CODE.test(text) || ACTION_CODE.test(value)) problems.add(`shows the action code "${text}"`);
    else if (lang !== "en" && (ENUM_CODES.has(text) || ENUM_CODES.has(value))) problems.add(`shows the untranslated value "${text}"`);
  }
  return [...problems];
}
