/**
 * The SQLite database, its WAL companions and the generated secrets are
 * owner-only (0600) even when the data directory already exists with a permissive mode, as the
 * Docker image's `/data` volume does, and whatever the process umask.
 */
import { mkdtempSync, chmodSync, statSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createDatabase } from "../../server/db/connection";
import { loadConfig } from "../../server/config";
import { ROOT_DIR } from "../support/server";

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("data files", () => {
  const dirs: string[] = [];
  const existingDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bulwark-perm-"));
    chmodSync(dir, 0o755);
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("creates bulwark.db, -wal and -shm 0600 in an existing 0755 directory", async () => {
    const dir = existingDir();
    const file = path.join(dir, "bulwark.db");
    const handle = await createDatabase({ sqlitePath: file });
    try {
      await sql`create table t (x integer)`.execute(handle.db);
      await sql`insert into t values (1)`.execute(handle.db);
      for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(name), name).toBe(0o600);
    } finally {
      await handle.close();
    }
  });

  it("narrows a database file an older version left world-readable", async () => {
    const dir = existingDir();
    const file = path.join(dir, "bulwark.db");
    writeFileSync(file, "");
    chmodSync(file, 0o644);
    const handle = await createDatabase({ sqlitePath: file });
    try {
      await sql`create table t (x integer)`.execute(handle.db);
      for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(name), name).toBe(0o600);
    } finally {
      await handle.close();
    }
  });

  it("writes the generated secrets 0600 in an existing directory", () => {
    const dir = existingDir();
    loadConfig({ BULWARK_DATA_DIR: dir }, ROOT_DIR);
    expect(modeOf(path.join(dir, "secrets.json"))).toBe(0o600);
  });
});
