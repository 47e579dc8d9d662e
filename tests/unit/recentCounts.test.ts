/** RecentCounts: one computation per key and database for ttlMs, failures forgotten, bounded. */
import { describe, expect, it } from "vitest";
import { RecentCounts } from "../../server/lib/recentCounts";

describe("RecentCounts", () => {
  it("shares a computation per key and database until ttlMs has passed", async () => {
    const recent = new RecentCounts<number>(2_000, 10);
    const [one, two] = [{}, {}];
    let runs = 0;
    const compute = () => Promise.resolve(++runs);
    expect(await Promise.all([recent.get(one, "k", compute, 0), recent.get(one, "k", compute, 1_999)])).toEqual([1, 1]);
    expect(await recent.get(two, "k", compute, 0)).toBe(2); // another database
    expect(await recent.get(one, "other", compute, 0)).toBe(3);
    expect(await recent.get(one, "k", compute, 2_000)).toBe(4); // expired
  });

  it("forgets a failed computation, so the next ask computes again", async () => {
    const recent = new RecentCounts<number>(2_000, 10);
    const db = {};
    await expect(recent.get(db, "k", () => Promise.reject(new Error("down")), 0)).rejects.toThrow("down");
    await Promise.resolve();
    expect(await recent.get(db, "k", () => Promise.resolve(7), 1)).toBe(7);
  });

  it("keeps at most maxKeys per database, dropping the oldest", async () => {
    const recent = new RecentCounts<string>(60_000, 2);
    const db = {};
    let runs = 0;
    const compute = (key: string) => () => Promise.resolve(`${key}${++runs}`);
    for (const key of ["a", "b", "c"]) await recent.get(db, key, compute(key), 0);
    expect(await recent.get(db, "c", compute("c"), 1)).toBe("c3");
    expect(await recent.get(db, "a", compute("a"), 1)).toBe("a4"); // dropped, computed again
  });
});
