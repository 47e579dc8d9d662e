import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { i18n } from "i18next";
import {
  RenderStateProvider,
  TranslateProvider,
  type RenderState,
  type Translate,
} from "../../client/components/render-context";
import { serializeIslandProps } from "../../client/components/Island";
import { resourcesFor } from "../i18n";
import type { Assets } from "./assets";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The shield mark as an inline SVG icon: no extra request, no 404 for /favicon.ico. */
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M16 2 4 6.5v8.8c0 7.3 5.1 13.6 12 15.7 6.9-2.1 12-8.4 12-15.7V6.5Z" fill="#1d4ed8"/><path d="m11 16.2 3.4 3.4 7.1-7.1" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  );

/** Texts without variables per i18next instance and language: the locales never change at run time. */
const plainTexts = new WeakMap<i18n, Map<string, Map<string, string>>>();
/** Bound per language (keys come from code, but a key may be built from data, e.g. a platform code). */
const PLAIN_TEXTS = 5_000;

function plainTextsOf(i18n: i18n, lang: string): Map<string, string> {
  let byLang = plainTexts.get(i18n);
  if (!byLang) plainTexts.set(i18n, (byLang = new Map()));
  let texts = byLang.get(lang);
  if (!texts) byLang.set(lang, (texts = new Map()));
  if (texts.size > PLAIN_TEXTS) texts.clear();
  return texts;
}

/** `{{name}}`: i18next's plain interpolation, the only kind the fast path below fills in itself. */
const PLACEHOLDER = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;
/** Options i18next reads from the variables object: those calls always go through i18next. */
const I18NEXT_OPTIONS = new Set(["count", "context", "ordinal", "ns", "lng", "lngs", "defaultValue", "returnObjects", "replace", "interpolation", "postProcess"]);

/**
 * The text of `key` with `vars` filled in, without i18next, when that is certain to give
 * i18next's answer: the raw text exists in this language, has only plain `{{name}}` placeholders
 * (no nesting, formats or plurals) and every one of them has a string or number value; else null.
 */
function fillPlain(i18n: i18n, lang: string, key: string, vars: Record<string, unknown>): string | null {
  for (const [name, value] of Object.entries(vars)) {
    if (I18NEXT_OPTIONS.has(name) || (typeof value !== "string" && typeof value !== "number")) return null;
  }
  const colon = key.indexOf(":");
  const raw: unknown = colon > 0 ? i18n.getResource(lang, key.slice(0, colon), key.slice(colon + 1)) : i18n.getResource(lang, "common", key);
  if (typeof raw !== "string" || raw.includes("$t(")) return null;
  let complete = true;
  const text = raw.replace(PLACEHOLDER, (_match, name: string) => {
    const value = vars[name];
    if (value === undefined) complete = false;
    return String(value);
  });
  return complete && !text.includes("{{") ? text : null;
}

/**
 * Binds i18next to one language in the shape pages and islands use. An i18next lookup costs a
 * few microseconds and a page asks for hundreds (every label of the layout, every row of a
 * table), so texts without variables are remembered for the life of the process (the locales
 * are loaded once at start and never change), plain `{{name}}` texts are filled in directly
 * (a row label per user), and the rest are remembered for one render.
 */
export function makeTranslate(i18n: i18n, lang: string): Translate {
  const fixed = i18n.getFixedT(lang);
  const plain = plainTextsOf(i18n, lang);
  const memo = new Map<string, string>();
  return (key, vars) => {
    if (vars === undefined) {
      let text = plain.get(key);
      if (text === undefined) plain.set(key, (text = fixed(key)));
      return text;
    }
    // A plural by count alone (a row's "3 devices") depends on nothing else: remembered too.
    const names = Object.keys(vars);
    const countOnly = names.length === 1 && typeof vars.count === "number";
    const texts = countOnly ? plain : memo;
    const id = countOnly ? `${key}\u0000#${vars.count}` : `${key}\u0000${JSON.stringify(vars)}`;
    let text = texts.get(id);
    if (text === undefined) {
      text = fillPlain(i18n, lang, key, vars) ?? fixed(key, vars);
      texts.set(id, text);
    }
    return text;
  };
}

/** The islands' translations as the page inlines them, per instance, language and namespaces. */
const inlinedTranslations = new WeakMap<i18n, Map<string, string>>();

function islandTranslations(i18n: i18n, lang: string, namespaces: readonly string[]): string {
  const key = `${lang}|${[...namespaces].sort().join(",")}`;
  let byKey = inlinedTranslations.get(i18n);
  if (!byKey) inlinedTranslations.set(i18n, (byKey = new Map()));
  let json = byKey.get(key);
  if (json === undefined) {
    json = serializeIslandProps({ lang, resources: resourcesFor(i18n, lang, [...namespaces].sort()) });
    byKey.set(key, json);
  }
  return json;
}

/** Everything needed to turn a page element into a full HTML document. */
export interface DocumentInput {
  element: ReactElement;
  title: string;
  lang: string;
  nonce: string;
  assets: Assets;
  i18n: i18n;
  bodyClass?: string;
}

/**
 * Renders the page, then builds the document around it: the hydrator and the islands'
 * translations are added only when the page used an island, so static pages send no script.
 */
export function renderDocument({ element, title, lang, nonce, assets, i18n, bodyClass }: DocumentInput): string {
  const state: RenderState = { nonce, lang, islands: new Set(), namespaces: new Set(), islandCount: 0 };
  const t = makeTranslate(i18n, lang);
  const body = renderToString(
    <RenderStateProvider value={state}>
      <TranslateProvider t={t} lang={lang}>
        {element}
      </TranslateProvider>
    </RenderStateProvider>,
  );
  const head: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="icon" href="${FAVICON}">`,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
  ];
  const tail: string[] = [];
  if (state.islands.size > 0) {
    tail.push(
      `<script type="application/json" id="bulwark-i18n" nonce="${nonce}">${islandTranslations(i18n, lang, [...state.namespaces])}</script>`,
    );
    for (const href of assets.preloads) head.push(`<link rel="modulepreload" href="${escapeHtml(href)}">`);
    if (assets.devClient) tail.push(`<script type="module" nonce="${nonce}" src="${assets.devClient}"></script>`);
    tail.push(`<script type="module" nonce="${nonce}" src="${escapeHtml(assets.entry)}"></script>`);
  }
  const cls = bodyClass ? ` class="${escapeHtml(bodyClass)}"` : "";
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head>${head.join("")}</head><body${cls}>${body}${tail.join("")}</body></html>`;
}
