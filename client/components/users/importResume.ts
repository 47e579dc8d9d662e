/**
 * What lets a users import resume instead of starting twice: the import id remembered by the
 * file's hash, and whether the server still holds the import for an earlier run.
 */
import { ApiError } from "../../../shared/api/errors";
import type { ImportStatus, UserImportApi } from "../../../shared/api/userImport";

/** localStorage key prefix: the id of an unfinished import, by the SHA-256 of its file. */
const RESUME_KEY = "bulwark.usersImport.";

/** A chosen file: its name, text, and the key its unfinished import is remembered under. */
export interface ChosenFile {
  name: string;
  text: string;
  key: string | null;
}

/** The SHA-256 of the file's text (hex), or null where Web Crypto is missing (not a secure context). */
export async function fileKey(text: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The import ids of unfinished imports, by file, in localStorage: a reload, another tab or a
 * browser restart after a failure still resumes the import instead of starting a second one.
 * Storage may be refused (private modes, quotas): then only this page remembers.
 */
export const remembered = {
  memory: new Map<string, string>(),
  get(key: string | null): string | null {
    if (key === null) return null;
    try {
      return localStorage.getItem(RESUME_KEY + key) ?? this.memory.get(key) ?? null;
    } catch {
      return this.memory.get(key) ?? null;
    }
  },
  set(key: string | null, id: string): void {
    if (key === null) return;
    this.memory.set(key, id);
    try {
      localStorage.setItem(RESUME_KEY + key, id);
    } catch {
      // Remembered on this page only.
    }
  },
  forget(key: string | null): void {
    if (key === null) return;
    this.memory.delete(key);
    try {
      localStorage.removeItem(RESUME_KEY + key);
    } catch {
      // Nothing stored.
    }
  },
};

/** The unfinished (failed or still running) import remembered for this file, or null (and forgotten when finished, pruned or another admin's). */
export async function unfinishedImport(api: UserImportApi, key: string | null): Promise<ImportStatus | null> {
  const id = remembered.get(key);
  if (!id) return null;
  try {
    const status = await api.status(id);
    if (status.status === "failed" || status.status === "running") return status;
  } catch (error) {
    // Unreachable now: keep the id for the next try; any answer (404: pruned, another admin's) drops it.
    if (error instanceof ApiError && error.network) return null;
  }
  remembered.forget(key);
  return null;
}

/** True when the import is still held by an earlier run (a stopped process's lease runs out within seconds). */
export function heldByEarlierRun(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const details = error.details;
  return typeof details === "object" && details !== null && "reason" in details && details.reason === "running";
}

/** Waits `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
