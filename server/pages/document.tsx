import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { i18n } from "i18next";
import { makeTranslate } from "./translate";
import { RenderStateProvider, TranslateProvider, type RenderState } from "../../client/components/render-context";
import { serializeIslandProps } from "../../client/components/Island";
import { ON_FIRST_USE_ISLANDS } from "../../client/islands/onFirstUse";
import { resourcesFor } from "../i18n";
import type { Assets } from "./assets";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The shield mark as an inline SVG icon: no extra request, no 404 for /favicon.ico. */
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M16 2 4 6.5v8.8c0 7.3 5.1 13.6 12 15.7 6.9-2.1 12-8.4 12-15.7V6.5Z" fill="#1d4ed8"/><path d="m11 16.2 3.4 3.4 7.1-7.1" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  );

/** The islands' translations as the page inlines them, per instance, language and namespaces. */
const inlinedTranslations = new WeakMap<i18n, Map<string, string>>();

function islandTranslations(i18n: i18n, lang: string, namespaces: readonly string[]): string {
  const key = `${lang}|${[...namespaces].sort().join(",")}`;
  let byKey = inlinedTranslations.get(i18n);
  if (!byKey) inlinedTranslations.set(i18n, (byKey = new Map<string, string>()));
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
    const islandChunks = [...state.islands]
      .filter((name) => !ON_FIRST_USE_ISLANDS.has(name))
      .flatMap((name) => assets.islandPreloads[name] ?? []);
    for (const href of new Set([...assets.preloads, ...islandChunks])) head.push(`<link rel="modulepreload" href="${escapeHtml(href)}">`);
    if (assets.devClient) tail.push(`<script type="module" nonce="${nonce}" src="${assets.devClient}"></script>`);
    tail.push(`<script type="module" nonce="${nonce}" src="${escapeHtml(assets.entry)}"></script>`);
  }
  const cls = bodyClass ? ` class="${escapeHtml(bodyClass)}"` : "";
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head>${head.join("")}</head><body${cls}>${body}${tail.join("")}</body></html>`;
}
