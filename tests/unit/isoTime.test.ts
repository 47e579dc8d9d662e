/** isoUtc writes exactly what Date.prototype.toISOString writes. */
import { describe, expect, it } from "vitest";
import { isoUtc } from "../../server/lib/isoTime";

describe("isoUtc", () => {
  it("matches toISOString on edges: the epoch, leap days, centuries, year ends, year 9999 and beyond", () => {
    const edges = [
      0,
      1,
      999,
      1_000,
      59_999,
      86_399_999,
      86_400_000,
      Date.UTC(2000, 1, 29, 23, 59, 59, 999),
      Date.UTC(1900 + 200, 1, 28),
      Date.UTC(2100, 2, 1),
      Date.UTC(2024, 1, 29, 12),
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2400, 1, 29),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10_000, 0, 1),
      -1,
      -86_400_001,
      1.5,
      8.64e15,
    ];
    for (const ms of edges) expect(isoUtc(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it("matches toISOString on instants a little over a day apart from 1970 to 2500, and on random ones up to year 9999", () => {
    for (let ms = 0; ms < Date.UTC(2500, 0, 1); ms += 86_400_000 + 3_723_004) expect(isoUtc(ms)).toBe(new Date(ms).toISOString());
    for (let i = 0; i < 20_000; i++) {
      const ms = Math.floor(Math.random() * 253_402_300_800_000);
      expect(isoUtc(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
