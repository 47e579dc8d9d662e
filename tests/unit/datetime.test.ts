/** formatDateTime: Intl in the admin's language and zone, an unknown zone in UTC, junk as sent. */
import { describe, expect, it } from "vitest";
import { formatDateTime, formatNumber } from "../../client/lib/datetime";

describe("formatDateTime", () => {
  it("writes each language's short and long forms in the admin's zone, across Lisbon's change to summer time", () => {
    expect(formatDateTime("2026-03-29T00:59:00.000Z", "en", "Europe/Lisbon")).toBe("29 Mar 2026, 00:59");
    expect(formatDateTime("2026-03-29T01:00:00.000Z", "en", "Europe/Lisbon")).toBe("29 Mar 2026, 02:00");
    expect(formatDateTime("2026-03-29T01:00:00.000Z", "pt", "Europe/Lisbon")).toBe("29/03/2026, 02:00");
    expect(formatDateTime("2026-03-29T01:00:00.000Z", "es", "Asia/Kathmandu")).toBe("29 mar 2026, 06:45");
    expect(formatDateTime("2026-03-29T01:00:00.000Z", "en", "Europe/Lisbon", "long")).toBe("29 March 2026 at 02:00");
    expect(formatDateTime("2026-03-29T01:00:00.000Z", "pt", "UTC", "long")).toBe("29 de março de 2026 às 01:00");
    expect(formatDateTime("2026-03-29T00:59:00.000Z", "es", "UTC", "long")).toBe("29 de marzo de 2026 a las 0:59");
  });

  it("formats an unknown zone in UTC and an unknown language in English", () => {
    expect(formatDateTime("2026-03-29T01:00:00.000Z", "en", "No/Such_Zone")).toBe("29 Mar 2026, 01:00");
    expect(formatDateTime("2026-03-29T01:00:00.000Z", "xx", "UTC")).toBe("29 Mar 2026, 01:00");
  });

  it("shows an unparsable value as sent", () => {
    expect(formatDateTime("not a date", "en", "Europe/Lisbon")).toBe("not a date");
  });

  it("writes counts as each language does", () => {
    expect(formatNumber(1234, "en")).toBe("1,234");
  });
});
