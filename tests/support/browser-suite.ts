/**
 * The set-up every browser suite shares: a real server on the client build, the system
 * Chromium, and pages that record console errors, optionally signed in as an admin. Registers
 * its own beforeAll/afterAll in the calling describe block.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Row } from "../../server/db/types";
import { launchBrowser } from "./browser";
import { signIn } from "./factories";
import { openWatchedPage, type WatchedPage } from "./page";
import { getTestServer, type TestServer, type TestServerOptions } from "./server";

/** What a browser suite uses inside its tests. */
export interface BrowserSuite {
  server(): TestServer;
  baseUrl(): string;
  /** A new page (own context), signed in as `admin` when given. */
  open(admin?: Row<"admins">, options?: { expectedFailures?: RegExp; viewport?: { width: number; height: number } }): Promise<WatchedPage>;
}

/**
 * Starts the server and the browser for the describe block it is called in. Options may be a
 * function, read when the suite starts, for servers that need something started first (an SMTP
 * capture registered in an earlier beforeAll).
 */
export function useBrowserSuite(options: TestServerOptions | (() => TestServerOptions) = {}): BrowserSuite {
  let server: TestServer | undefined;
  let baseUrl = "";
  let browser: Browser | undefined;
  const opened: WatchedPage[] = [];
  beforeAll(async () => {
    server = await getTestServer({ assets: "built", ...(typeof options === "function" ? options() : options) });
    baseUrl = await server.listen();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const { context } of opened) await context.close();
    await browser?.close();
    await server?.close();
  });
  const started = () => {
    if (!server || !browser) throw new Error("The browser suite exists only inside tests (beforeAll has not run)");
    return { server, browser };
  };
  return {
    server: () => started().server,
    baseUrl: () => baseUrl,
    async open(admin, { expectedFailures, viewport } = {}) {
      const { server: srv, browser: chromium } = started();
      const session = admin ? await signIn(srv.database.db, srv.config, admin) : null;
      const cookie = session ? { name: session.cookie.name, value: encodeURIComponent(session.cookie.value) } : undefined;
      const watched = await openWatchedPage(chromium, baseUrl, { cookie, expectedFailures, viewport });
      opened.push(watched);
      return watched;
    },
  };
}
