/**
 * Issue #32 item 8b: an existing data directory open to group or others is narrowed to 0700 at
 * start when it is ours, and reported either way; a private or absent one passes silently.
 */
import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { secureDataDir } from "../../server/lib/dataDir";

const modeOf = (dir: string) => statSync(dir).mode & 0o777;

describe("secureDataDir", () => {
  const made: string[] = [];
  const fresh = (mode: number) => {
    const dir = mkdtempSync(path.join(tmpdir(), "bulwark-datadir-"));
    chmodSync(dir, mode);
    made.push(dir);
    return dir;
  };
  const recorder = () => {
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    return { lines, log: { warn: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }) } };
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("narrows a 0777 directory it owns to 0700 and warns with the mode it found", () => {
    const dir = fresh(0o777);
    const { lines, log } = recorder();
    expect(secureDataDir(dir, log, statSync(dir).uid)).toBe("narrowed");
    expect(modeOf(dir)).toBe(0o700);
    expect(lines).toEqual([{ fields: { dataDir: dir, mode: "0777" }, message: expect.stringContaining("narrowed to 0700") }]);
    // Once private, later starts say nothing.
    expect(secureDataDir(dir, log, statSync(dir).uid)).toBe("private");
    expect(lines).toHaveLength(1);
  });

  it("narrows group access too (0750)", () => {
    const dir = fresh(0o750);
    const { log } = recorder();
    expect(secureDataDir(dir, log, statSync(dir).uid)).toBe("narrowed");
    expect(modeOf(dir)).toBe(0o700);
  });

  it("leaves a directory another user owns as it is, with a warning naming the fix", () => {
    const dir = fresh(0o777);
    const { lines, log } = recorder();
    expect(secureDataDir(dir, log, statSync(dir).uid + 1)).toBe("notOwned");
    expect(modeOf(dir)).toBe(0o777);
    expect(lines[0]?.message).toContain("chmod 700");
    expect(lines[0]?.fields).toMatchObject({ dataDir: dir, mode: "0777" });
  });

  it("passes a private or absent directory silently", () => {
    const dir = fresh(0o700);
    const { lines, log } = recorder();
    expect(secureDataDir(dir, log, statSync(dir).uid)).toBe("private");
    expect(secureDataDir(path.join(dir, "missing"), log)).toBe("absent");
    expect(lines).toEqual([]);
    expect(modeOf(dir)).toBe(0o700);
  });
});
