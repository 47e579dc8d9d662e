// First, before any schema is built: zod must not probe for or use eval under the CSP.
import "./zodJitless";
import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandScope } from "./components/hooks";
import { TranslateProvider } from "./components/render-context";
import { createClientTranslate, type InlinedTranslations } from "./i18n-client";
import { isIslandName, islandRegistry } from "./islands/registry";
import { showPendingStatus } from "./components/status/pageStatus";
import { scriptChunkLoadTimeoutMs } from "../shared/limits";

function readJson<T>(element: Element | null): T | null {
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as T;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("chunk load timed out")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function showLoadError(marker: Element, message: string): void {
  const alert = document.createElement("p");
  alert.className = "island-load-error";
  alert.setAttribute("role", "alert");
  alert.textContent = message;
  marker.prepend(alert);
}

/** Finds every island marker and hydrates it with its own chunk; the rest of the page stays static. */
async function hydrateIslands(): Promise<void> {
  const translations = readJson<InlinedTranslations>(document.getElementById("bulwark-i18n"));
  const lang = translations?.lang ?? document.documentElement.lang ?? "en";
  const t = createClientTranslate(translations ?? { lang, resources: {} });
  const markers = Array.from(document.querySelectorAll("bulwark-island"));
  await Promise.all(
    markers.map(async (marker) => {
      const name = marker.getAttribute("name");
      const root = marker.querySelector(":scope > [data-island-root]");
      if (!isIslandName(name) || !root) return;
      const props = readJson<object>(marker.querySelector(':scope > script[type="application/json"]')) ?? {};
      try {
        const Component = (await withTimeout(islandRegistry[name](), scriptChunkLoadTimeoutMs)) as ComponentType<object>;
        const prefix = marker.getAttribute("prefix") ?? `${name}-`;
        // React in development, preact/compat in the production build (vite.config.ts): the
        // island scope gives both the server's ids; Preact ignores the options.
        hydrateRoot(
          root,
          <TranslateProvider t={t} lang={lang}>
            <IslandScope prefix={prefix}>
              <Component {...props} />
            </IslandScope>
          </TranslateProvider>,
          {
            identifierPrefix: prefix,
            // A mismatch React had to recover from means server and browser rendered differently.
            onRecoverableError: (error) => console.error(`Island ${name} did not hydrate cleanly`, error),
          },
        );
        marker.setAttribute("hydrated", "");
      } catch (error) {
        console.error(`Island ${name} could not load`, error);
        showLoadError(marker, t("errors:scriptLoadError"));
      }
    }),
  );
}

/** SPEC §9: any registered service worker is unregistered on start. */
function unregisterServiceWorkers(): void {
  if (!("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.getRegistrations().then((registrations) => {
    for (const registration of registrations) void registration.unregister();
  });
}

unregisterServiceWorkers();
void hydrateIslands().then(showPendingStatus);
