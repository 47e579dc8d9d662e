/**
 * The CLI's named contexts (DESIGN §1, §9): one JSON file holding, per context, the server URL,
 * the username, the bearer token and its expiry. The token is a credential, so the directory is
 * 0700 and the file 0600, re-applied on every write (a file created by an older version or by
 * hand is tightened the next time it is saved).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { CONFIG_DIR_MODE, CONFIG_FILE_MODE, CONFIG_FILE_NAME, ConfigFileError, configDir, configFile, type ConfigEnv } from "./configFile";

export { CONFIG_DIR_MODE, CONFIG_FILE_MODE, CONFIG_FILE_NAME, ConfigFileError, configDir, configFile, type ConfigEnv };

/** One named context; `token`/`expiresAt` are null after `logout` (the URL and username stay). */
export const ContextSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  username: z.string().min(1),
  token: z.string().min(1).nullable(),
  expiresAt: z.string().nullable(),
});
/** A stored context. */
export type StoredContext = z.infer<typeof ContextSchema>;

/** The whole file: which context is current and every context by name. */
export const ConfigSchema = z
  .object({
    current: z.string().nullable(),
    contexts: z.record(z.string().min(1), ContextSchema),
  })
  .refine((c) => c.current === null || c.current in c.contexts, {
    message: "current names a context that does not exist",
    path: ["current"],
  });
/** The config file's content. */
export type CliConfig = z.infer<typeof ConfigSchema>;

/** An empty configuration: what a missing file means. */
export function emptyConfig(): CliConfig {
  return { current: null, contexts: {} };
}

/** Reads and validates the file; a missing file is an empty config, a damaged one a {@link ConfigFileError}. */
export function readConfig(env: ConfigEnv): CliConfig {
  const file = configFile(env);
  if (!existsSync(file)) return emptyConfig();
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigFileError(file, error instanceof Error ? error.message : String(error));
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text) as unknown;
  } catch {
    throw new ConfigFileError(file, "not valid JSON");
  }
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join(".") : "file";
    throw new ConfigFileError(file, `${where}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

/**
 * Saves the config: creates the directory with 0700, writes a temporary file with 0600 and
 * renames it over the old one (a crash never leaves half a file), then re-applies both modes.
 */
export function writeConfig(env: ConfigEnv, config: CliConfig): void {
  const checked = ConfigSchema.parse(config);
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: CONFIG_DIR_MODE });
  chmodSync(dir, CONFIG_DIR_MODE);
  const file = path.join(dir, CONFIG_FILE_NAME);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(checked, null, 2)}\n`, { mode: CONFIG_FILE_MODE });
  chmodSync(temp, CONFIG_FILE_MODE);
  renameSync(temp, file);
  chmodSync(file, CONFIG_FILE_MODE);
}

/** Applies a change to the stored config and saves it; returns the saved value. */
export function updateConfig(env: ConfigEnv, change: (config: CliConfig) => CliConfig): CliConfig {
  const next = change(readConfig(env));
  writeConfig(env, next);
  return next;
}

/** The default context name for a server: its host (with the port when there is one). */
export function contextNameFor(url: string): string {
  return new URL(url).host;
}
