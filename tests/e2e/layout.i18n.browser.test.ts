import { beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { seedTour, tourEveryPage, type TourData } from "../support/console-tour";
import { getTestServer, type TestServer } from "../support/server";

/**
 * Issue 14, item 5 in the longer languages: every page, signed out and signed in, in Portuguese
 * and Spanish at 390 px: no horizontal scroll, no serious or critical axe-core violation, a
 * screenshot each. English at both widths: layout.browser.test.ts.
 */
describe("every page fits a phone in Portuguese and Spanish", () => {
  let server: TestServer;
  let baseUrl = "";
  let data: TourData;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    server = await getTestServer({ assets: "built" });
    baseUrl = await server.listen();
    data = await seedTour(server);
    browser = await launchBrowser();
    return async () => {
      await browser.close();
      await server.close();
    };
  });

  for (const lang of ["pt", "es"] as const) {
    it(`${lang} at 390 px: no horizontal scroll and no serious axe violation on any page`, { timeout: 120_000 }, async () => {
      expect(await tourEveryPage(browser, baseUrl, { name: `phone-${lang}`, viewport: { width: 390, height: 844 }, lang }, data)).toEqual([]);
    });
  }
});
