import { describe, expect, it } from "vitest";
import { isoToWallTime, wallTimeToIso } from "../../client/lib/zonedTime";

describe("wall times in a time zone (the access log's time range)", () => {
  it("turns a wall time into the UTC instant of that zone, and back", () => {
    expect(wallTimeToIso("2026-07-01T09:30", "Europe/Lisbon")).toBe("2026-07-01T08:30:00.000Z");
    expect(wallTimeToIso("2026-01-01T09:30", "Europe/Lisbon")).toBe("2026-01-01T09:30:00.000Z");
    expect(wallTimeToIso("2026-01-01T09:30", "America/Sao_Paulo")).toBe("2026-01-01T12:30:00.000Z");
    expect(wallTimeToIso("2026-01-01T09:30", "Asia/Kolkata")).toBe("2026-01-01T04:00:00.000Z");
    expect(isoToWallTime("2026-07-01T08:30:00.000Z", "Europe/Lisbon")).toBe("2026-07-01T09:30");
    expect(isoToWallTime("2026-01-01T04:00:00Z", "Asia/Kolkata")).toBe("2026-01-01T09:30");
  });

  it("handles the clock changes and refuses what is not a wall time", () => {
    // 2026-03-29 01:30 does not exist in Lisbon (01:00 → 02:00); 2026-10-25 01:30 happens twice.
    expect(wallTimeToIso("2026-03-29T01:30", "Europe/Lisbon")).toBe("2026-03-29T01:30:00.000Z");
    expect(["2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"]).toContain(wallTimeToIso("2026-10-25T01:30", "Europe/Lisbon"));
    expect(wallTimeToIso("2026-01-01 09:30", "UTC")).toBeNull();
    expect(wallTimeToIso("", "UTC")).toBeNull();
    expect(wallTimeToIso("2026-01-01T09:30", "Not/AZone")).toBe("2026-01-01T09:30:00.000Z");
    expect(isoToWallTime("garbage", "UTC")).toBe("");
  });
});
