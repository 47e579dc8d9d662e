import { describe, expect, it } from "vitest";
import { startOfLocalDay, timeGroupBoundaries, timeGroupIn, timeGroupOf } from "../../shared/domain";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe("time group boundaries", () => {
  it("uses local midnights and Monday weeks in UTC", () => {
    // Thursday 2025-06-19 15:00 UTC
    const b = timeGroupBoundaries("2025-06-19T15:00:00Z", "UTC");
    expect(iso(b.startOfToday)).toBe("2025-06-19T00:00:00.000Z");
    expect(iso(b.startOfWeek)).toBe("2025-06-16T00:00:00.000Z");
    expect(iso(b.startOfMonth)).toBe("2025-06-01T00:00:00.000Z");
    expect(b.ranges.longAgo).toEqual({ from: null, to: b.startOfMonth });
  });

  it("computes the local day in the admin's zone, not UTC", () => {
    // 02:30 UTC on Monday 2025-06-16 is still Sunday 22:30 in New York (EDT, UTC-4)
    const b = timeGroupBoundaries("2025-06-16T02:30:00Z", "America/New_York");
    expect(iso(b.startOfToday)).toBe("2025-06-15T04:00:00.000Z");
    expect(iso(b.startOfWeek)).toBe("2025-06-09T04:00:00.000Z");
    expect(iso(b.startOfMonth)).toBe("2025-06-01T04:00:00.000Z");
    const k = timeGroupBoundaries("2025-06-16T02:30:00Z", "Asia/Kolkata"); // 08:00 Monday, UTC+5:30
    expect(iso(k.startOfToday)).toBe("2025-06-15T18:30:00.000Z");
    expect(k.startOfWeek).toBe(k.startOfToday);
  });

  it("handles DST: the week started before the clocks changed", () => {
    // Wednesday 2025-03-12 in New York; DST began Sunday 2025-03-09, so Monday is EDT but the 1st was EST
    const b = timeGroupBoundaries("2025-03-12T12:00:00Z", "America/New_York");
    expect(iso(b.startOfWeek)).toBe("2025-03-10T04:00:00.000Z");
    expect(iso(b.startOfMonth)).toBe("2025-03-01T05:00:00.000Z");
  });

  it("starts a day at the DST jump when local midnight does not exist", () => {
    // Chile skipped 2024-09-08 00:00 (clocks jumped from 24:00 -04 to 01:00 -03), i.e. at 04:00 UTC
    expect(iso(startOfLocalDay({ year: 2024, month: 9, day: 8 }, "America/Santiago"))).toBe("2024-09-08T04:00:00.000Z");
    // Brazil did the same on 2018-11-04
    expect(iso(startOfLocalDay({ year: 2018, month: 11, day: 4 }, "America/Sao_Paulo"))).toBe("2018-11-04T03:00:00.000Z");
  });

  it("gives the earlier midnight when midnight happens twice", () => {
    // Havana fell back from 01:00 CDT (-4) to 00:00 CST (-5) at 05:00 UTC on 2024-11-03:
    // 2024-11-03 00:00 local happened at 04:00 UTC and again at 05:00 UTC.
    expect(iso(startOfLocalDay({ year: 2024, month: 11, day: 3 }, "America/Havana"))).toBe("2024-11-03T04:00:00.000Z");
  });

  it("makes the month group empty when the week began last month", () => {
    // Wednesday 2025-10-01: the week began Monday 2025-09-29
    const b = timeGroupBoundaries("2025-10-01T12:00:00Z", "UTC");
    expect(b.startOfWeek).toBeLessThan(b.startOfMonth);
    expect(b.ranges.thisMonth.from).toBe(b.ranges.thisMonth.to);
    expect(timeGroupIn("2025-09-30T08:00:00Z", b)).toBe("thisWeek");
    expect(timeGroupIn("2025-09-28T08:00:00Z", b)).toBe("longAgo");
  });

  it("rejects unknown zones", () => {
    expect(() => timeGroupBoundaries(Date.now(), "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("timeGroupOf", () => {
  const now = "2025-06-19T15:00:00Z"; // Thursday
  it.each([
    ["2025-06-19T00:00:00Z", "today"],
    ["2025-06-19T23:00:00Z", "today"],
    ["2025-06-18T23:59:59Z", "thisWeek"],
    ["2025-06-16T00:00:00Z", "thisWeek"],
    ["2025-06-15T23:59:59Z", "thisMonth"],
    ["2025-06-01T00:00:00Z", "thisMonth"],
    ["2025-05-31T23:59:59Z", "longAgo"],
  ] as const)("%s is %s", (lastSeen, group) => {
    expect(timeGroupOf(lastSeen, now, "UTC")).toBe(group);
  });

  it("counts never-seen users as long ago", () => {
    expect(timeGroupOf(null, now, "UTC")).toBe("longAgo");
  });

  it("depends on the zone", () => {
    // 2025-06-19T03:00Z is June 18 evening in Los Angeles: yesterday there, today in UTC
    expect(timeGroupOf("2025-06-19T03:00:00Z", now, "UTC")).toBe("today");
    expect(timeGroupOf("2025-06-19T03:00:00Z", now, "America/Los_Angeles")).toBe("thisWeek");
  });
});
