import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { IslandScope } from "./hooks";
import { TranslateProvider, useLang, useRenderState, useT, type RenderState } from "./render-context";
import type { IslandName } from "../islands/registry";

/** Escapes JSON for an inline script: no `<`, no line separators that break JavaScript parsers. */
export function serializeIslandProps(props: unknown): string {
  return JSON.stringify(props)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Notes one island marker in the page's render state (which islands and namespaces the page needs)
 * and gives it the next id prefix. The state is a server-render collector, written as the page
 * renders, so this lives outside the component.
 */
function recordIsland(state: RenderState, name: IslandName, namespaces: readonly string[]): string {
  const prefix = `${name}${state.islandCount}-`;
  state.islandCount += 1;
  state.islands.add(name);
  for (const ns of namespaces) state.namespaces.add(ns);
  return prefix;
}

/** Namespaces every island gets: common labels and the error catalogue texts. */
export const ISLAND_BASE_NAMESPACES = ["common", "errors"] as const;

/**
 * Renders an interactive component on the server inside a marker that the browser hydrator
 * (client/entry.tsx) finds; props travel as escaped JSON so the browser renders the same tree.
 * The island is rendered as a root of its own, with a per-page id prefix, exactly as the browser
 * hydrates it, so generated ids (client/components/hooks.tsx useId) match and never collide
 * between islands.
 */
export function Island<P extends object>(input: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  namespaces?: readonly string[];
}) {
  const { name, component: Component, props, namespaces = [] } = input;
  const state = useRenderState();
  const t = useT();
  const lang = useLang();
  if (!state) throw new Error("Island rendered outside a server render");
  const prefix = recordIsland(state, name, [...ISLAND_BASE_NAMESPACES, ...namespaces]);
  const html = renderToString(
    <TranslateProvider t={t} lang={lang}>
      <IslandScope prefix={prefix}>
        <Component {...props} />
      </IslandScope>
    </TranslateProvider>,
    { identifierPrefix: prefix },
  );
  // The marker is a custom element; created by name so JSX's intrinsic elements need no augmenting.
  return createElement(
    "bulwark-island",
    { name, prefix },
    <script type="application/json" nonce={state.nonce} dangerouslySetInnerHTML={{ __html: serializeIslandProps(props) }} />,
    <div data-island-root="" dangerouslySetInnerHTML={{ __html: html }} />,
  );
}
