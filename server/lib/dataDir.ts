/**
 * Issue #32 item 8b: the data directory (BULWARK_DATA_DIR: the SQLite database, secrets.json,
 * the mail folder) is the server's alone. Its files are 0600, but a directory others may write
 * lets them rename or replace those files (a swapped secrets.json or database), and one they may
 * read lists them. At start an existing directory open to group or others is narrowed to 0700
 * when this process owns it, with a warning either way so the operator sees what was found.
 */
import { chmodSync, statSync } from "node:fs";

/** What the start-up check found and did. */
export type DataDirCheck = "absent" | "private" | "narrowed" | "notOwned" | "failed";

/** The warning sink (the server's pino logger fits). */
export interface DataDirLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** The permission bits of a mode as `0777`-style octal text, for the log. */
const octal = (mode: number): string => `0${(mode & 0o777).toString(8).padStart(3, "0")}`;

/**
 * Checks the data directory once at start: absent (created 0700 later by whoever needs it) and
 * owner-only directories pass silently; a directory with group/other bits is chmod'ed to 0700
 * when `uid` owns it, otherwise (or when chmod fails) left alone with a warning naming the fix.
 */
export function secureDataDir(dir: string, log: DataDirLog, uid: number | undefined = process.getuid?.()): DataDirCheck {
  let stats;
  try {
    stats = statSync(dir);
  } catch {
    return "absent";
  }
  if (!stats.isDirectory() || (stats.mode & 0o077) === 0) return "private";
  const found = octal(stats.mode);
  if (uid === undefined || stats.uid !== uid) {
    log.warn(
      { dataDir: dir, mode: found, owner: stats.uid },
      "the data directory is open to other users and not ours to change: chmod 700 it",
    );
    return "notOwned";
  }
  try {
    chmodSync(dir, 0o700);
  } catch (error) {
    log.warn(
      { dataDir: dir, mode: found, err: error },
      "the data directory is open to other users and could not be narrowed: chmod 700 it",
    );
    return "failed";
  }
  log.warn({ dataDir: dir, mode: found }, "the data directory was open to other users: narrowed to 0700");
  return "narrowed";
}
