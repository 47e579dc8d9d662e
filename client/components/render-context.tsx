import { createContext, useContext, type ReactNode } from "react";

/** Translates a key (`ns:key` or a key of the default namespace) with `{{var}}` interpolation. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * What the server knows while rendering one page: the CSP nonce for inline JSON, the islands the
 * page used (so it can add the hydrator only when needed) and the namespaces they must have.
 */
export interface RenderState {
  nonce: string;
  lang: string;
  islands: Set<string>;
  namespaces: Set<string>;
  /** How many island markers the page has so far; gives each its id prefix. */
  islandCount: number;
}

const RenderStateContext = createContext<RenderState | null>(null);
const TranslateContext = createContext<{ t: Translate; lang: string } | null>(null);

/** Wraps a server render so Island markers can record themselves. */
export function RenderStateProvider({ value, children }: { value: RenderState; children: ReactNode }) {
  return <RenderStateContext.Provider value={value}>{children}</RenderStateContext.Provider>;
}

/** Gives pages and islands the same translator on the server and, for islands, in the browser. */
export function TranslateProvider({ t, lang, children }: { t: Translate; lang: string; children: ReactNode }) {
  return <TranslateContext.Provider value={{ t, lang }}>{children}</TranslateContext.Provider>;
}

/** The render state; null in the browser, where islands hydrate on their own. */
export function useRenderState(): RenderState | null {
  return useContext(RenderStateContext);
}

/** The current translator; rendering without one is a programming error. */
export function useT(): Translate {
  const ctx = useContext(TranslateContext);
  if (!ctx) throw new Error("useT() used outside a TranslateProvider");
  return ctx.t;
}

/** The current language code (en, pt or es). */
export function useLang(): string {
  const ctx = useContext(TranslateContext);
  if (!ctx) throw new Error("useLang() used outside a TranslateProvider");
  return ctx.lang;
}
