import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, chmodSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { parseLicenseConfig, type LicenseConfig } from "./licenseConfig";
import { readSecretFiles } from "./secretFiles";

/** Thrown when the environment is unusable; the message names the variable so the operator can fix it. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const secret = z.string().min(32, "must be at least 32 characters");
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** A database limit in milliseconds; 0 turns it off (not advised in production). */
const milliseconds = (fallback: number) => z.coerce.number().int().min(0).max(3_600_000).default(fallback);

/** Every environment variable the server reads (DESIGN §2). Documented in README's configuration table. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    BULWARK_DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    EDITION: z.enum(["public", "private"]).default("public"),
    MAIL: z.enum(["file", "smtp", "disabled"]).default("file"),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default("Bulwark <no-reply@localhost>"),
    CAPTCHA: z.enum(["altcha", "off"]).default("altcha"),
    JWT_SECRET: optionalText.pipe(secret.optional()),
    SESSION_SECRET: optionalText.pipe(secret.optional()),
    PASSWORD_PEPPER: optionalText.pipe(secret.optional()),
    BULWARK_ROOT_EMAIL: optionalText.pipe(z.email().optional()),
    BULWARK_ROOT_PASSWORD: optionalText,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: optionalText,
    DB_CONNECT_TIMEOUT_MS: milliseconds(5000),
    DB_STATEMENT_TIMEOUT_MS: milliseconds(15_000),
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(30_000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(25_000),
    LICENSE_PUBLIC_KEY: optionalText,
    LICENSE_PUBLIC_KEY_FILE: optionalText,
    LICENSE_INSTALLATION_ID: optionalText.pipe(z.string().max(64).optional()),
    LICENSE_PRICES: optionalText,
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    METRICS_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  })
  .superRefine((env, ctx) => {
    if (env.MAIL === "smtp" && !env.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required when MAIL=smtp" });
    }
    if (env.PUBLIC_URL?.startsWith("https://") && !env.TRUST_PROXY) {
      // Bulwark serves plain HTTP; behind a TLS proxy it sees HTTPS only through X-Forwarded-Proto,
      // and without that the Secure session cookie is never set (a silent sign-in loop).
      ctx.addIssue({
        code: "custom",
        path: ["TRUST_PROXY"],
        message:
          "is required when PUBLIC_URL is https:// (the TLS proxy in front, e.g. TRUST_PROXY=1 or loopback), so the Secure session cookie can be set",
      });
    }
    if (Boolean(env.BULWARK_ROOT_EMAIL) !== Boolean(env.BULWARK_ROOT_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.BULWARK_ROOT_EMAIL ? "BULWARK_ROOT_PASSWORD" : "BULWARK_ROOT_EMAIL"],
        message: "BULWARK_ROOT_EMAIL and BULWARK_ROOT_PASSWORD must be given together",
      });
    }
  });

/**
 * The secrets the server signs and peppers with. Those not given in the environment are
 * generated once: into the data dir (SQLite), or, with DATABASE_URL, into the database, where
 * every process of the installation reads the same ones (server/services/secrets).
 */
export interface Secrets {
  jwtSecret: string;
  sessionSecret: string;
  passwordPepper: string;
}

/** Each secret's environment variable, which overrides the generated value. */
export const SECRET_VARIABLES: Readonly<Record<keyof Secrets, string>> = {
  jwtSecret: "JWT_SECRET",
  sessionSecret: "SESSION_SECRET",
  passwordPepper: "PASSWORD_PEPPER",
};

/** Where the secrets missing from the environment live: the data dir, or the database (DATABASE_URL). */
export type SecretStore = "file" | "database";

/** The validated configuration object; nothing else in the server reads process.env. */
export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  /**
   * The console's address as users reach it: PUBLIC_URL, or else the listen address (see
   * withListeningPort). E-mailed links, the setup link and the printed console URL all use it.
   */
  publicUrl: string;
  /** Whether PUBLIC_URL was given (otherwise publicUrl follows HOST and the port actually bound). */
  publicUrlGiven: boolean;
  secureCookies: boolean;
  rootDir: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sqlitePath: string;
  edition: "public" | "private";
  mail: { transport: "file" | "smtp" | "disabled"; smtpUrl: string | undefined; from: string; dir: string };
  captcha: "altcha" | "off";
  /** With secretStore "database", reading a secret the environment lacks throws until resolveInstallationSecrets ran. */
  secrets: Secrets;
  secretStore: SecretStore;
  /** The secrets the environment gave; the others are generated (see Secrets). */
  givenSecrets: Readonly<Partial<Secrets>>;
  rootAdmin: { email: string; password: string } | undefined;
  logLevel: string;
  /** Express' `trust proxy`: a hop count (`1`), a boolean, or addresses and names (`loopback, 10.0.0.0/8`). */
  trustProxy: string | number | boolean | undefined;
  /** PostgreSQL limits (README "Failure behaviour"); SQLite uses its busy_timeout instead. */
  databaseTimeouts: { connectMs: number; statementMs: number; idleInTransactionMs: number };
  /** SIGTERM/SIGINT: in-flight requests get most of this, closing the rest; then the process exits regardless. */
  shutdownTimeoutMs: number;
  /** Vendor public key, installation id and price list (server/licenseConfig.ts). */
  licenses: LicenseConfig;
  /**
   * Prometheus `/metrics` (server/metrics): with `port`, served only on its own listener at
   * `host`; otherwise on the main port when `token` is set (404 when neither is).
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
}

/**
 * The address a browser on this machine uses for a server listening on `host`:`port`: the host
 * itself, or localhost for the wildcard addresses (0.0.0.0, ::), which are not reachable as such.
 */
export function listeningUrl(host: string, port: number): string {
  const shown = host === "0.0.0.0" || host === "::" || host === "" ? "localhost" : host;
  return `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`;
}

/**
 * The configuration once the server listens: without PUBLIC_URL the public address is the one
 * it listens on, with the port actually bound (PORT=0 picks one), so the setup link, e-mailed
 * links and the printed console URL are one origin (a session on one works on the others).
 */
export function withListeningPort(config: Config, port: number): Config {
  if (config.publicUrlGiven) return config;
  return { ...config, publicUrl: listeningUrl(config.host, port) };
}

/** Finds the project root (where package.json and locales/ live) from the source tree or the bundle. */
export function findRootDir(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, "locales"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new ConfigError("Cannot find the Bulwark project root (package.json and locales/)");
    dir = parent;
  }
}

/** Validates the environment; throws ConfigError naming each bad variable. */
export function loadConfig(given: NodeJS.ProcessEnv = process.env, rootDir = findRootDir()): Config {
  // NAME_FILE variables (Docker and Kubernetes secrets) are read here, once, before validation.
  const { env, problems } = readSecretFiles(given);
  const parsed = EnvSchema.safeParse(env);
  if (problems.length > 0 || !parsed.success) {
    const issues = parsed.success ? [] : parsed.error.issues;
    const lines = [...problems.map((p) => `  ${p}`), ...issues.map((i) => `  ${i.path.join(".") || "environment"}: ${i.message}`)];
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  let licenses: LicenseConfig;
  try {
    licenses = parseLicenseConfig(e);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
  }
  const dataDir = path.resolve(rootDir, e.BULWARK_DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? listeningUrl(e.HOST, e.PORT)).replace(/\/+$/, "");
  const givenSecrets = withoutUndefined({ jwtSecret: e.JWT_SECRET, sessionSecret: e.SESSION_SECRET, passwordPepper: e.PASSWORD_PEPPER });
  const secretStore: SecretStore = e.DATABASE_URL ? "database" : "file";
  const secrets = secretStore === "file" ? resolveSecrets(dataDir, givenSecrets) : pendingSecrets(givenSecrets);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    publicUrlGiven: e.PUBLIC_URL !== undefined,
    secureCookies: publicUrl.startsWith("https://"),
    rootDir,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sqlitePath: path.join(dataDir, "bulwark.db"),
    edition: e.EDITION,
    mail: { transport: e.MAIL, smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, dir: path.join(dataDir, "mail") },
    captcha: e.CAPTCHA,
    secrets,
    secretStore,
    givenSecrets,
    rootAdmin:
      e.BULWARK_ROOT_EMAIL && e.BULWARK_ROOT_PASSWORD
        ? { email: e.BULWARK_ROOT_EMAIL.toLowerCase(), password: e.BULWARK_ROOT_PASSWORD }
        : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxyValue(e.TRUST_PROXY),
    databaseTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    licenses,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
  };
}

/**
 * TRUST_PROXY as Express needs it: a number of hops must be a number (the string "1" would be
 * read as the address 0.0.0.1 and trust nobody, so X-Forwarded-Proto was ignored) and
 * true/false booleans; anything else is Express' list of addresses, subnets and names.
 */
function trustProxyValue(text: string | undefined): string | number | boolean | undefined {
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === "true" || text === "false") return text === "true";
  return text;
}

/** The secrets file's shape; also read once by a PostgreSQL installation to adopt it (services/secrets). */
export const SecretsFileSchema = z.object({ jwtSecret: secret, sessionSecret: secret, passwordPepper: secret });

/** The secrets file of a data directory. */
export function secretsFilePath(dataDir: string): string {
  return path.join(dataDir, "secrets.json");
}

/** A fresh random secret (384 bits, base64url). */
export function generateSecret(): string {
  return randomBytes(48).toString("base64url");
}

function withoutUndefined(given: Record<keyof Secrets, string | undefined>): Partial<Secrets> {
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
}

/**
 * The secrets of a DATABASE_URL installation before they are read from the database: the given
 * ones, and for each missing one a getter that throws, so nothing can sign or pepper with a
 * value that is not the installation's.
 */
function pendingSecrets(given: Partial<Secrets>): Secrets {
  const secrets = { ...given } as Secrets;
  for (const key of Object.keys(SECRET_VARIABLES) as (keyof Secrets)[]) {
    if (given[key] !== undefined) continue;
    Object.defineProperty(secrets, key, {
      enumerable: true,
      get: () => {
        throw new ConfigError(
          `${SECRET_VARIABLES[key]} is read from the database at start-up (resolveInstallationSecrets) and was used before`,
        );
      },
    });
  }
  return secrets;
}

/** The secrets of an existing secrets.json (made private again), or a ConfigError naming the file. */
function readSecretsFile(file: string): Secrets {
  let parsed: ReturnType<typeof SecretsFileSchema.safeParse> | null = null;
  try {
    parsed = SecretsFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    // Not JSON (an empty file left by an older version on a full disk): damaged, like a wrong shape.
  }
  if (!parsed?.success) throw new ConfigError(`${file} is damaged: remove it or set the secrets in the environment`);
  chmodSync(file, 0o600);
  return parsed.data;
}

/**
 * Creates `file` (mode 0600) whole or not at all: when writing fails (a full disk) the file just
 * created is removed, so no empty secrets.json is left for the next start to read as damaged, and
 * the error names the file. Answers false when `file` exists already.
 */
function createWhole(file: string, text: string): boolean {
  let created = false;
  try {
    const fd = openSync(file, "wx", 0o600);
    created = true;
    try {
      writeFileSync(fd, text);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if (!created && (error as NodeJS.ErrnoException).code === "EEXIST") return false;
    if (created) rmSync(file, { force: true });
    throw new ConfigError(`Cannot create ${file}: ${(error as Error).message}. Free space or fix the permissions of its directory`);
  }
}

/**
 * SQLite installations: secrets given in the environment win; the rest come from
 * `<dataDir>/secrets.json`, which is created once (mode 0600) so tokens and password hashes
 * survive restarts without manual setup.
 */
function resolveSecrets(dataDir: string, given: Partial<Secrets>): Secrets {
  if (given.jwtSecret && given.sessionSecret && given.passwordPepper) {
    return { jwtSecret: given.jwtSecret, sessionSecret: given.sessionSecret, passwordPepper: given.passwordPepper };
  }
  const file = secretsFilePath(dataDir);
  let stored: Secrets;
  if (existsSync(file)) {
    stored = readSecretsFile(file);
  } else {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    stored = { jwtSecret: generateSecret(), sessionSecret: generateSecret(), passwordPepper: generateSecret() };
    // Another process of this installation may have created it meanwhile: its secrets win.
    if (!createWhole(file, JSON.stringify(stored, null, 2))) stored = readSecretsFile(file);
  }
  return {
    jwtSecret: given.jwtSecret ?? stored.jwtSecret,
    sessionSecret: given.sessionSecret ?? stored.sessionSecret,
    passwordPepper: given.passwordPepper ?? stored.passwordPepper,
  };
}
