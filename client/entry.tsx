// First, before any schema is built: zod must not probe for or use eval under the CSP.
import "./zodJitless";
import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandScope } from "./components/hooks";
import { TranslateProvider, type Translate } from "./components/render-context";
import { createClientTranslate, type InlinedTranslations } from "./i18n-client";
import { isIslandName, islandRegistry, type IslandName } from "./islands/registry";
import type { ReauthPromptProps } from "./islands/ReauthPrompt";
import { setReauthHandler, type ReauthHandler } from "../shared/api/reauth";
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

type IslandMarker = { marker: Element; name: IslandName; root: Element; props: object };

/**
 * A turn of the event loop (a new task): evaluating an island's modules and hydrating it are two
 * tasks, not one long one that blocks a phone's input (issue 28: total blocking time). Uses
 * `scheduler.yield()` where the browser has it, else a message to itself (not throttled like a
 * timer in a background tab).
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Loads one island's chunk and hydrates its root; `extra` props are the browser's own (not from the server). */
async function hydrateIsland({ marker, name, root, props }: IslandMarker, t: Translate, lang: string, extra: object = {}): Promise<void> {
  try {
    const Component = (await withTimeout(islandRegistry[name](), scriptChunkLoadTimeoutMs)) as ComponentType<object>;
    await yieldToBrowser();
    const prefix = marker.getAttribute("prefix") ?? `${name}-`;
    // React in development, preact/compat in the production build (vite.config.ts): the
    // island scope gives both the server's ids; Preact ignores the options.
    hydrateRoot(
      root,
      <TranslateProvider t={t} lang={lang}>
        <IslandScope prefix={prefix}>
          <Component {...props} {...extra} />
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
    throw error;
  }
}

/**
 * The re-authentication prompt renders nothing until a call is refused with `reauthRequired`
 * (sudo mode), so its chunk loads then rather than on every page: a stand-in handler loads and
 * hydrates the island on the first refusal and hands the challenge to the handler it installs.
 * The marker says `deferred` until then (`hydrated` after).
 */
function deferReauthPrompt(island: IslandMarker, t: Translate, lang: string): void {
  island.marker.setAttribute("deferred", "");
  let ready: Promise<ReauthHandler> | null = null;
  setReauthHandler((challenge) => {
    ready ??= new Promise<ReauthHandler>((resolve, reject) => {
      hydrateIsland(island, t, lang, { onInstalled: resolve } satisfies Partial<ReauthPromptProps>).catch(reject);
    });
    // A prompt that cannot load leaves the call refused, as without a handler.
    return ready.then(
      (handler) => handler(challenge),
      () => null,
    );
  });
}

/** Finds every island marker and hydrates it with its own chunk; the rest of the page stays static. */
async function hydrateIslands(): Promise<void> {
  const translations = readJson<InlinedTranslations>(document.getElementById("bulwark-i18n"));
  const lang = translations?.lang ?? document.documentElement.lang ?? "en";
  const t = createClientTranslate(translations ?? { lang, resources: {} });
  const islands: IslandMarker[] = [];
  for (const marker of document.querySelectorAll("bulwark-island")) {
    const name = marker.getAttribute("name");
    const root = marker.querySelector(":scope > [data-island-root]");
    if (!isIslandName(name) || !root) continue;
    const props = readJson<object>(marker.querySelector(':scope > script[type="application/json"]')) ?? {};
    islands.push({ marker, name, root, props });
  }
  await Promise.all(
    islands.map(async (island) => {
      // The one island loaded on first use (ON_FIRST_USE_ISLANDS): its own deferral.
      if (island.name === "ReauthPrompt") return deferReauthPrompt(island, t, lang);
      // A failure is shown in the island and logged; the others go on.
      await hydrateIsland(island, t, lang).catch(() => undefined);
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
