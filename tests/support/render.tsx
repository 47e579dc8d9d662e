/**
 * Renders pages and islands to HTML exactly as the server does (real locales, the server's
 * translator, a render state that records islands), for unit tests of components.
 */
import path from "node:path";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { RenderStateProvider, TranslateProvider, type RenderState, type Translate } from "../../client/components/render-context";
import { createI18n } from "../../server/i18n";
import { makeTranslate } from "../../server/pages/translate";
import { ROOT_DIR } from "./server";

const i18n = await createI18n(path.join(ROOT_DIR, "locales"));

/** The server's translator for one language. */
export function translate(lang: string): Translate {
  return makeTranslate(i18n, lang);
}

/** Renders an element inside the providers the server uses; returns the HTML and what it recorded. */
export function renderAsServer(element: ReactElement, lang = "en"): { html: string; state: RenderState } {
  const state: RenderState = { nonce: "n0nce", lang, islands: new Set(), namespaces: new Set(), islandCount: 0 };
  const html = renderToString(
    <RenderStateProvider value={state}>
      <TranslateProvider t={translate(lang)} lang={lang}>
        {element}
      </TranslateProvider>
    </RenderStateProvider>,
  );
  return { html, state };
}
