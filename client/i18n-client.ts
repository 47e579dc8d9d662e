import type { Translate } from "./components/render-context";

/** The translations the server inlined for the islands of one page, in one language. */
export interface InlinedTranslations {
  lang: string;
  resources: Record<string, Record<string, unknown>>;
}

/** `{{name}}`, with i18next's optional blanks inside the braces. */
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/**
 * Builds the islands' translator from the inlined resources: a lookup with i18next's answers for
 * what the locales use (`ns:key` with dotted paths, default namespace `common`, `{{name}}`
 * interpolation without escaping, `_one`/`_other`… plurals by `count` through Intl.PluralRules,
 * `defaultValue`, and a missing key answered as the key without its namespace), so the browser
 * does not download i18next's runtime (14 KB gzip) for it. tests/unit/i18n-client.budget.test.ts
 * checks it against i18next for every text of every language.
 */
export function createClientTranslate({ lang, resources }: InlinedTranslations): Translate {
  let plurals: Intl.PluralRules | null = null;
  const lookup = (ns: string, path: string): unknown => {
    let node: unknown = resources[ns];
    for (const part of path.split(".")) {
      if (typeof node !== "object" || node === null) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return node;
  };
  return (key, vars) => {
    const colon = key.indexOf(":");
    const ns = colon > 0 ? key.slice(0, colon) : "common";
    const path = colon > 0 ? key.slice(colon + 1) : key;
    let text: unknown;
    if (typeof vars?.count === "number") {
      plurals ??= new Intl.PluralRules(lang);
      text = lookup(ns, `${path}_${plurals.select(vars.count)}`);
    }
    if (typeof text !== "string") text = lookup(ns, path);
    if (typeof text !== "string") {
      if (vars?.defaultValue === undefined) return path;
      text = String(vars.defaultValue);
    }
    if (!vars) return text as string;
    return (text as string).replace(PLACEHOLDER, (whole: string, name: string) => {
      const value = vars[name];
      return value === undefined ? whole : String(value);
    });
  };
}
