import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, findRootDir, listeningUrl, loadConfig, withListeningPort } from "../../server/config";

const root = findRootDir(import.meta.dirname);
const dataDir = () => mkdtempSync(path.join(tmpdir(), "bulwark-config-"));

describe("loadConfig", () => {
  it("gives working defaults: SQLite in the data dir, public edition, file mail", () => {
    const dir = dataDir();
    const config = loadConfig({ BULWARK_DATA_DIR: dir }, root);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sqlitePath).toBe(path.join(dir, "bulwark.db"));
    expect(config.edition).toBe("public");
    expect(config.mail.transport).toBe("file");
    expect(config.captcha).toBe("altcha");
    expect(config.port).toBe(3000);
    // Without PUBLIC_URL the public address is the listen address: the one the console prints.
    expect(config.publicUrl).toBe("http://127.0.0.1:3000");
    expect(config.publicUrlGiven).toBe(false);
    expect(config.secureCookies).toBe(false);
    expect(config.rootAdmin).toBeUndefined();
  });

  it("bounds every wait on the database and the shutdown by default, and takes the operator's limits", () => {
    const defaults = loadConfig({ BULWARK_DATA_DIR: dataDir() }, root);
    expect(defaults.databaseTimeouts).toEqual({ connectMs: 5000, statementMs: 15_000, idleInTransactionMs: 30_000 });
    expect(defaults.shutdownTimeoutMs).toBe(25_000);
    const given = loadConfig(
      {
        BULWARK_DATA_DIR: dataDir(),
        DB_CONNECT_TIMEOUT_MS: "800",
        DB_STATEMENT_TIMEOUT_MS: "0",
        DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: "900",
        SHUTDOWN_TIMEOUT_MS: "4000",
      },
      root,
    );
    expect(given.databaseTimeouts).toEqual({ connectMs: 800, statementMs: 0, idleInTransactionMs: 900 });
    expect(given.shutdownTimeoutMs).toBe(4000);
  });

  it.each([
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "abc" }, "PORT"],
    [{ EDITION: "enterprise" }, "EDITION"],
    [{ MAIL: "pigeon" }, "MAIL"],
    [{ MAIL: "smtp" }, "SMTP_URL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "ftp://example.com" }, "PUBLIC_URL"],
    [{ JWT_SECRET: "short" }, "JWT_SECRET"],
    [{ BULWARK_ROOT_EMAIL: "root@example.com" }, "BULWARK_ROOT_PASSWORD"],
    [{ BULWARK_ROOT_EMAIL: "not-an-email", BULWARK_ROOT_PASSWORD: "x" }, "BULWARK_ROOT_EMAIL"],
    [{ CAPTCHA: "recaptcha" }, "CAPTCHA"],
    // Behind a TLS proxy the Secure session cookie needs the proxy trusted.
    [{ PUBLIC_URL: "https://console.example.com" }, "TRUST_PROXY"],
    [{ DB_STATEMENT_TIMEOUT_MS: "-1" }, "DB_STATEMENT_TIMEOUT_MS"],
    [{ DB_CONNECT_TIMEOUT_MS: "soon" }, "DB_CONNECT_TIMEOUT_MS"],
    [{ SHUTDOWN_TIMEOUT_MS: "0" }, "SHUTDOWN_TIMEOUT_MS"],
  ])("stops on %o naming %s", (env, variable) => {
    expect(() => loadConfig({ BULWARK_DATA_DIR: dataDir(), ...env }, root)).toThrow(ConfigError);
    expect(() => loadConfig({ BULWARK_DATA_DIR: dataDir(), ...env }, root)).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it("generates the secrets once into the data dir with mode 0600 and reuses them", () => {
    const dir = dataDir();
    const first = loadConfig({ BULWARK_DATA_DIR: dir }, root);
    const file = path.join(dir, "secrets.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.secrets.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(new Set(Object.values(first.secrets)).size).toBe(3);
    const second = loadConfig({ BULWARK_DATA_DIR: dir }, root);
    expect(second.secrets).toEqual(first.secrets);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(first.secrets);
  });

  it("refuses a secrets.json that is not JSON (an empty one a full disk left) as damaged, naming it", () => {
    const dir = dataDir();
    const file = path.join(dir, "secrets.json");
    for (const text of ["", "{", '{"jwtSecret":1}']) {
      writeFileSync(file, text, { mode: 0o600 });
      expect(() => loadConfig({ BULWARK_DATA_DIR: dir }, root)).toThrow(
        new ConfigError(`${file} is damaged: remove it or set the secrets in the environment`),
      );
    }
  });

  it("prefers secrets from the environment", () => {
    const secret = "x".repeat(40);
    const config = loadConfig({ BULWARK_DATA_DIR: dataDir(), JWT_SECRET: secret }, root);
    expect(config.secrets.jwtSecret).toBe(secret);
    expect(config.secrets.sessionSecret).not.toBe(secret);
  });

  it("with DATABASE_URL generates nothing into the data dir: missing secrets come from the database at start-up", () => {
    const dir = dataDir();
    const pepper = "p".repeat(40);
    const config = loadConfig({ BULWARK_DATA_DIR: dir, DATABASE_URL: "postgres://u@h/db", PASSWORD_PEPPER: pepper }, root);
    expect(config.secretStore).toBe("database");
    expect(config.givenSecrets).toEqual({ passwordPepper: pepper });
    expect(config.secrets.passwordPepper).toBe(pepper);
    expect(() => config.secrets.jwtSecret).toThrow(ConfigError);
    expect(() => config.secrets.sessionSecret).toThrow(/SESSION_SECRET/);
    expect(existsSync(path.join(dir, "secrets.json"))).toBe(false);
  });

  it("uses secure cookies behind an HTTPS public URL and keeps PostgreSQL URLs", () => {
    const config = loadConfig(
      {
        BULWARK_DATA_DIR: dataDir(),
        PUBLIC_URL: "https://console.example.com/",
        TRUST_PROXY: "1",
        DATABASE_URL: "postgres://u@h/db",
        EDITION: "private",
      },
      root,
    );
    expect(config.secureCookies).toBe(true);
    expect(config.publicUrl).toBe("https://console.example.com");
    expect(config.databaseUrl).toBe("postgres://u@h/db");
    expect(config.edition).toBe("private");
  });

  it("derives the public address from the port actually bound unless PUBLIC_URL is given", () => {
    const bound = withListeningPort(loadConfig({ BULWARK_DATA_DIR: dataDir(), PORT: "0" }, root), 43_117);
    expect(bound.publicUrl).toBe("http://127.0.0.1:43117");
    const docker = withListeningPort(loadConfig({ BULWARK_DATA_DIR: dataDir(), HOST: "0.0.0.0", PORT: "0" }, root), 43_118);
    expect(docker.publicUrl).toBe("http://localhost:43118");
    const given = withListeningPort(
      loadConfig({ BULWARK_DATA_DIR: dataDir(), PORT: "0", PUBLIC_URL: "http://console.example.test:8080/" }, root),
      43_119,
    );
    expect(given.publicUrl).toBe("http://console.example.test:8080");
    expect(listeningUrl("::1", 3000)).toBe("http://[::1]:3000");
  });
});
