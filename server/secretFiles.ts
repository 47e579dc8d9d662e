/**
 * Secrets given as files (`NAME_FILE`), the way Docker and Kubernetes hand them over: each file
 * is read once at start, its trailing newline dropped, and refused when the variable itself is
 * also set or when anyone but the server's user (and its own groups) could read it.
 * Kept apart from config.ts so that file stays one screen.
 */
import { readFileSync, statSync } from "node:fs";

/** Every variable that may be given as `NAME_FILE` (README "Configuration"). */
export const FILE_VARIABLES = [
  "DATABASE_URL",
  "SMTP_URL",
  "JWT_SECRET",
  "SESSION_SECRET",
  "PASSWORD_PEPPER",
  "BULWARK_ROOT_PASSWORD",
  "METRICS_TOKEN",
] as const;

/** The groups this process belongs to (a Kubernetes `fsGroup` is one): their read bit is no leak. */
function ownGroups(): ReadonlySet<number> {
  const groups = new Set<number>(process.getgroups?.() ?? []);
  const gid = process.getgid?.();
  if (gid !== undefined) groups.add(gid);
  return groups;
}

/** Why `file` may not hold a secret, or undefined when it may. */
function tooOpen(file: string, groups: ReadonlySet<number>): string | undefined {
  if (process.platform === "win32") return undefined;
  const { mode, gid } = statSync(file);
  if (mode & 0o004) return "is readable by others (chmod 600 or 400)";
  if (mode & 0o040 && !groups.has(gid)) return "is readable by a group this process is not in (chmod 600 or 400)";
  return undefined;
}

/**
 * The environment with each `NAME_FILE` replaced by `NAME` holding the file's content.
 * Returns the problems instead of throwing, so config.ts reports them with the other variables.
 */
export function readSecretFiles(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; problems: string[] } {
  const result: NodeJS.ProcessEnv = { ...env };
  const problems: string[] = [];
  let groups: ReadonlySet<number> | undefined;
  for (const name of FILE_VARIABLES) {
    const file = env[`${name}_FILE`]?.trim();
    delete result[`${name}_FILE`];
    if (!file) continue;
    if (env[name]?.trim()) {
      problems.push(`${name} and ${name}_FILE: give one, not both`);
      continue;
    }
    try {
      groups ??= ownGroups();
      const open = tooOpen(file, groups);
      if (open) {
        problems.push(`${name}_FILE: ${file} ${open}`);
        continue;
      }
      const value = readFileSync(file, "utf8").replace(/(\r?\n)+$/, "");
      if (value === "") problems.push(`${name}_FILE: ${file} is empty`);
      else result[name] = value;
    } catch (error) {
      problems.push(`${name}_FILE: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? "error"}`);
    }
  }
  return { env: result, problems };
}
