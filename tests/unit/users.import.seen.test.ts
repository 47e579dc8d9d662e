import { describe, expect, it } from "vitest";
import { UsernameSet } from "../../server/services/users/import/seen";

describe("UsernameSet (the usernames an import has seen)", () => {
  it("answers whether a username was added before, exactly", () => {
    const seen = new UsernameSet();
    expect(seen.add("ana@example.com")).toBe(true);
    expect(seen.add("ana@example.com")).toBe(false);
    expect(seen.add("ana@example.org")).toBe(true);
    expect(seen.add("ana2@example.com")).toBe(true);
    expect(seen.add("an@aexample.com")).toBe(true);
    expect(seen.add("ana")).toBe(true);
    expect(seen.add("ana")).toBe(false);
    expect(seen.add("ana@")).toBe(true);
    expect(seen.add("@ana")).toBe(true);
    expect(seen.add("a@b@example.com")).toBe(true);
    expect(seen.add("a@b@example.com")).toBe(false);
    expect(seen.add("josé@exemplo.pt")).toBe(true);
    expect(seen.add("jose@exemplo.pt")).toBe(true);
    expect(seen.add("josé@exemplo.pt")).toBe(false);
    expect(seen.size).toBe(10);
  });

  it("keeps every username through growth and across arenas, as a Set<string> would", () => {
    const seen = new UsernameSet();
    const reference = new Set<string>();
    // Long local parts fill several 256 KiB arenas; the table doubles many times.
    for (let i = 0; i < 60_000; i++) {
      const name = `user-${i % 45_000}-${"x".repeat(i % 300)}@d${i % 7}.example`;
      expect(seen.add(name)).toBe(!reference.has(name));
      reference.add(name);
    }
    expect(seen.size).toBe(reference.size);
    for (const name of reference) expect(seen.add(name)).toBe(false);
    expect(seen.size).toBe(reference.size);
  });

  it("takes a local part at the longest a username may be, in any script", () => {
    const seen = new UsernameSet();
    const long = `${"ç".repeat(300)}@${"d".repeat(19)}`;
    expect(seen.add(long)).toBe(true);
    expect(seen.add(long)).toBe(false);
    expect(seen.add(`${"ç".repeat(299)}c@${"d".repeat(19)}`)).toBe(true);
  });
});
