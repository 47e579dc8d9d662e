/**
 * The system Chromium through playwright-core (DESIGN §10): nothing downloads a browser. The flags
 * keep it from reaching out to a network this machine does not have.
 */
import { chromium, type Browser } from "playwright-core";

/** Where Chromium is; scripts/test.mjs sets CHROMIUM_PATH after finding it. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

/** Launches headless Chromium for one test file. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}
