/**
 * Opens a browser page that records console errors. Chromium reports every 4xx/5xx response as
 * a failed resource; those of documents, and of calls a test expects to fail, are excused.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";

/** A page with the console errors it produced. */
export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
}

/** Options: viewport, a session cookie, and which failing URLs are expected (besides documents). */
export async function openWatchedPage(
  browser: Browser,
  baseUrl: string,
  options: { viewport?: { width: number; height: number }; cookie?: { name: string; value: string }; expectedFailures?: RegExp } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 860 }, baseURL: baseUrl });
  if (options.cookie) await context.addCookies([{ ...options.cookie, url: baseUrl }]);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const excused = new Set<string>();
  page.on("response", (response) => {
    const isDocument = response.request().resourceType() === "document";
    if (isDocument || (options.expectedFailures?.test(new URL(response.url()).pathname) ?? false)) excused.add(response.url());
  });
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    if (msg.text().startsWith("Failed to load resource") && excused.has(msg.location().url)) return;
    consoleErrors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}
