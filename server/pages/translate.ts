/**
 * The translator pages and islands render with on the server. An i18next lookup costs a few
 * microseconds and a page asks for hundreds (every label of the layout, every row of a table),
 * so: texts without variables, and plurals by count alone, are remembered for the life of the
 * process (the locales are loaded once at start and never change); texts whose only variables
 * are plain `{{name}}` placeholders are filled in from their parsed template (a row label per
 * user), plurals with such placeholders too, once the plural form is chosen as i18next chooses
 * it (a licence pack's "Extend the pack of 3 licences of Acme"); everything else goes to
 * i18next, remembered for one render. tests/unit/translate.test.ts checks every text of every
 * language against i18next itself.
 */
import type { i18n } from "i18next";
import type { Translate } from "../../client/components/render-context";
import { speedTricks } from "../lib/speedTricks";

/** A text split at its `{{name}}` placeholders: literals at even indexes, names at odd ones. */
type Template = readonly string[];

/** Per i18next instance and language: remembered texts, and templates (null: i18next decides). */
interface LanguageCache {
  texts: Map<string, string>;
  templates: Map<string, Template | null>;
  /** The language's cardinal plural rule, the one i18next asks Intl for. */
  plurals: Intl.PluralRules;
}

const caches = new WeakMap<i18n, Map<string, LanguageCache>>();
/** Bound per language (keys come from code, but a key may be built from data, e.g. a platform code). */
const CACHE_LIMIT = 5_000;

function cacheOf(i18n: i18n, lang: string): LanguageCache {
  let byLang = caches.get(i18n);
  if (!byLang) caches.set(i18n, (byLang = new Map<string, LanguageCache>()));
  let cache = byLang.get(lang);
  if (!cache) byLang.set(lang, (cache = { texts: new Map(), templates: new Map(), plurals: new Intl.PluralRules(lang) }));
  if (cache.texts.size > CACHE_LIMIT) cache.texts.clear();
  if (cache.templates.size > CACHE_LIMIT) cache.templates.clear();
  return cache;
}

/** `{{name}}`: i18next's plain interpolation, the only kind filled in without it. */
const PLACEHOLDER = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/;
/** Options i18next reads from the variables object: those calls always go through i18next. */
const I18NEXT_OPTIONS = new Set([
  "count",
  "context",
  "ordinal",
  "ns",
  "lng",
  "lngs",
  "defaultValue",
  "returnObjects",
  "replace",
  "interpolation",
  "postProcess",
]);

/**
 * The template of a key's raw text in this language, when filling its placeholders is certain to
 * give i18next's answer: the text exists in this language (no fallback involved) and has no
 * nesting (`$t(`), formats or other interpolation (`{{` left over); else null.
 */
function parseTemplate(i18n: i18n, lang: string, key: string): Template | null {
  const raw = resourceOf(i18n, lang, key);
  if (typeof raw !== "string" || raw.includes("$t(")) return null;
  const parts = raw.split(new RegExp(PLACEHOLDER.source, "g"));
  return parts.some((part, i) => i % 2 === 0 && part.includes("{{")) ? null : parts;
}

/** The raw resource of `ns:key` (or a `common` key) in this language only: no fallback. */
function resourceOf(i18n: i18n, lang: string, key: string): unknown {
  const colon = key.indexOf(":");
  return colon > 0 ? i18n.getResource(lang, key.slice(0, colon), key.slice(colon + 1)) : i18n.getResource(lang, "common", key);
}

/**
 * The template of the plural form i18next picks for `count` in this language, or null when
 * i18next must decide. i18next tries `key_zero` (count 0), then `key_<Intl category>`, then `key`,
 * and takes the first that exists; when none exists here it falls back to another language.
 */
function pluralTemplate(i18n: i18n, cache: LanguageCache, lang: string, key: string, count: number): Template | null {
  const form = `${key}_${cache.plurals.select(count)}`;
  const id = `\u0000plural\u0000${form}${count === 0 ? "\u0000zero" : ""}`;
  let template = cache.templates.get(id);
  if (template === undefined) {
    const candidates = [...(count === 0 ? [`${key}_zero`] : []), form, key];
    const found = candidates.find((candidate) => {
      const raw = resourceOf(i18n, lang, candidate);
      return raw !== undefined && raw !== null;
    });
    cache.templates.set(id, (template = found === undefined ? null : parseTemplate(i18n, lang, found)));
  }
  return template;
}

/**
 * The template filled with `vars`, or null when a variable is missing, not plain, or an option
 * (but `count` once the template is the plural form chosen for it).
 */
function fill(template: Template, vars: Record<string, string | number>, withCount = false): string | null {
  for (const name of Object.keys(vars)) if (I18NEXT_OPTIONS.has(name) && !(withCount && name === "count")) return null;
  let text = template[0] ?? "";
  for (let i = 1; i < template.length; i += 2) {
    const value: unknown = vars[template[i]!];
    if (typeof value !== "string" && typeof value !== "number") return null;
    text += String(value) + (template[i + 1] ?? "");
  }
  return text;
}

/** Binds i18next to one language in the shape pages and islands use (see the module comment). */
export function makeTranslate(i18n: i18n, lang: string): Translate {
  const fixed = i18n.getFixedT(lang);
  const cache = cacheOf(i18n, lang);
  const { texts, templates } = cache;
  const memo = new Map<string, string>();
  return (key, vars) => {
    if (!speedTricks.translator) return vars === undefined ? fixed(key) : fixed(key, vars);
    if (vars === undefined) {
      let text = texts.get(key);
      if (text === undefined) texts.set(key, (text = fixed(key)));
      return text;
    }
    const names = Object.keys(vars);
    if (names.length === 1 && typeof vars.count === "number") {
      // A plural by count alone (a row's "3 devices") depends on nothing else.
      const id = `${key}\u0000#${vars.count}`;
      let text = texts.get(id);
      if (text === undefined) texts.set(id, (text = fixed(key, vars)));
      return text;
    }
    if (typeof vars.count === "number") {
      const plural = pluralTemplate(i18n, cache, lang, key, vars.count);
      const filled = plural ? fill(plural, vars, true) : null;
      if (filled !== null) return filled;
    }
    let template = templates.get(key);
    if (template === undefined) templates.set(key, (template = parseTemplate(i18n, lang, key)));
    const filled = template ? fill(template, vars) : null;
    if (filled !== null) return filled;
    const id = `${key}\u0000${JSON.stringify(vars)}`;
    let text = memo.get(id);
    if (text === undefined) memo.set(id, (text = fixed(key, vars)));
    return text;
  };
}
