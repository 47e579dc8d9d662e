/**
 * Where the CLI's config file lives and how it fails, without its schema: the part every run
 * needs (the start language comes from the current context's token) kept apart from cli/config.ts,
 * whose zod validation only commands that use a context pay for.
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

/** Mode of the config directory: only the owner may list or enter it. */
export const CONFIG_DIR_MODE = 0o700;
/** Mode of the config file: only the owner may read it (it holds bearer tokens). */
export const CONFIG_FILE_MODE = 0o600;
/** The file name inside the config directory. */
export const CONFIG_FILE_NAME = "config.json";

/**
 * A config file that cannot be used (unreadable, not JSON, wrong shape). It carries the path and
 * the problem so the CLI can say exactly which file to fix instead of silently starting over.
 */
export class ConfigFileError extends Error {
  override name = "ConfigFileError";
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}

/** The environment variables that decide where the file lives. */
export type ConfigEnv = Readonly<Record<string, string | undefined>>;

/** `$BULWARK_CONFIG_DIR`, else `$XDG_CONFIG_HOME/bulwark`, else `~/.config/bulwark`. */
export function configDir(env: ConfigEnv): string {
  if (env.BULWARK_CONFIG_DIR) return path.resolve(env.BULWARK_CONFIG_DIR);
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(homedir(), ".config");
  return path.join(base, "bulwark");
}

/** Full path of the config file. */
export function configFile(env: ConfigEnv): string {
  return path.join(configDir(env), CONFIG_FILE_NAME);
}

/**
 * The current context's token, read without validating the file: only to choose the language of
 * messages before any command runs. Anything missing or unreadable gives null; the command that
 * uses the file reports a damaged one (cli/config.ts readConfig).
 */
export function peekCurrentToken(env: ConfigEnv): string | null {
  const file = configFile(env);
  if (!existsSync(file)) return null;
  try {
    const raw: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (typeof raw !== "object" || raw === null) return null;
    const { current, contexts } = raw as { current?: unknown; contexts?: unknown };
    if (typeof current !== "string" || typeof contexts !== "object" || contexts === null) return null;
    const token = (contexts as Record<string, { token?: unknown } | undefined>)[current]?.token;
    return typeof token === "string" ? token : null;
  } catch {
    return null;
  }
}
