import { describe, expect, it } from "vitest";
import { tourEveryPage, useTour } from "../support/console-tour";

/**
 * In the longer languages: every page, signed out and signed in, in Portuguese
 * and Spanish at 390 px: no horizontal scroll, no serious or critical axe-core violation, a
 * screenshot each. English at both widths: layout.browser.test.ts.
 */
describe("every page fits a phone in Portuguese and Spanish", () => {
  const tour = useTour();

  for (const lang of ["pt", "es"] as const) {
    it(`${lang} at 390 px: no horizontal scroll and no serious axe violation on any page`, { timeout: 120_000 }, async () => {
      expect(
        await tourEveryPage(tour.browser, tour.baseUrl, { name: `phone-${lang}`, viewport: { width: 390, height: 844 }, lang }, tour.data),
      ).toEqual([]);
    });
  }
});
