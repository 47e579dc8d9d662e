/**
 * Every secret variable can be given as a file (`NAME_FILE`, as Docker and Kubernetes secrets
 * are): read once at start with its trailing newline dropped, and refused with a start error that
 * names the variable when the variable is also set, when the file is missing or empty, or when
 * others could read it.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type Config } from "../../server/config";
import { FILE_VARIABLES } from "../../server/secretFiles";
import { ROOT_DIR } from "../support/server";

const dir = mkdtempSync(path.join(tmpdir(), "bulwark-secret-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** Writes `content` to a fresh file with `mode`. */
function secretFile(content: string, mode = 0o600): string {
  const file = path.join(dir, `secret-${++files}`);
  writeFileSync(file, content, { mode });
  chmodSync(file, mode);
  return file;
}

const BASE = { NODE_ENV: "test", BULWARK_DATA_DIR: path.join(dir, "data") };
const load = (env: Record<string, string>): Config => loadConfig({ ...BASE, ...env }, ROOT_DIR);

/** A valid value of each variable, and where the loaded configuration shows it. */
const CASES: Record<(typeof FILE_VARIABLES)[number], { value: string; extra?: Record<string, string>; read: (c: Config) => unknown }> = {
  DATABASE_URL: { value: "postgres://bulwark:s3cret@db:5432/bulwark", read: (c) => c.databaseUrl },
  SMTP_URL: { value: "smtps://mailer:pa55@mail.example.com:465", extra: { MAIL: "smtp" }, read: (c) => c.mail.smtpUrl },
  JWT_SECRET: { value: "j".repeat(48), read: (c) => c.secrets.jwtSecret },
  SESSION_SECRET: { value: "s".repeat(48), read: (c) => c.secrets.sessionSecret },
  PASSWORD_PEPPER: { value: "p".repeat(48), read: (c) => c.secrets.passwordPepper },
  BULWARK_ROOT_PASSWORD: {
    value: "R00t!From a file",
    extra: { BULWARK_ROOT_EMAIL: "root@files.test" },
    read: (c) => c.rootAdmin?.password,
  },
  METRICS_TOKEN: { value: "m".repeat(32), read: (c) => c.metrics.token },
};

/** The start error loadConfig throws for `env`. */
function refusal(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
}

describe.each(FILE_VARIABLES)("%s_FILE", (name) => {
  const { value, extra = {}, read } = CASES[name];

  it("is read once at start, its trailing newline dropped", () => {
    const file = secretFile(`${value}\n`);
    const config = load({ ...extra, [`${name}_FILE`]: file });
    expect(read(config)).toBe(value);
    // Read at start only: the file may go (a rotated mount) without changing the running configuration.
    rmSync(file);
    expect(read(config)).toBe(value);
  });

  it("is refused together with the variable itself", () => {
    const message = refusal({ ...extra, [name]: value, [`${name}_FILE`]: secretFile(value) });
    expect(message).toContain(`${name} and ${name}_FILE: give one, not both`);
  });

  it.each([
    ["readable by others", 0o604, "readable by others"],
    ["world-readable", 0o644, "readable by others"],
  ])("is refused when the file is %s", (_label, mode, reason) => {
    const file = secretFile(value, mode);
    expect(refusal({ ...extra, [`${name}_FILE`]: file })).toContain(`${name}_FILE: ${file} is ${reason}`);
  });

  it("is refused when the file is missing or empty", () => {
    const missing = path.join(dir, "missing");
    expect(refusal({ ...extra, [`${name}_FILE`]: missing })).toContain(`${name}_FILE: cannot read ${missing}: ENOENT`);
    const empty = secretFile("\n");
    expect(refusal({ ...extra, [`${name}_FILE`]: empty })).toContain(`${name}_FILE: ${empty} is empty`);
  });

  it("is validated like the variable", () => {
    // The root password has no rule of its own: alone, without BULWARK_ROOT_EMAIL, it is refused.
    const [env, variable] = name === "BULWARK_ROOT_PASSWORD" ? [{}, "BULWARK_ROOT_EMAIL"] : [extra, name];
    const short = secretFile("short\n");
    expect(refusal({ ...env, [`${name}_FILE`]: short })).toMatch(new RegExp(`^  ${variable}: `, "m"));
  });
});

describe("secret files", () => {
  it("allow read access for the process's own group (a Kubernetes fsGroup)", () => {
    const own = secretFile(`${"j".repeat(40)}\n`, 0o640);
    expect(load({ JWT_SECRET_FILE: own }).secrets.jwtSecret).toBe("j".repeat(40));
  });

  it("report every problem at once, and a plain variable still works beside them", () => {
    const message = refusal({
      JWT_SECRET: "j".repeat(40),
      JWT_SECRET_FILE: secretFile("j".repeat(40)),
      SESSION_SECRET_FILE: secretFile("s".repeat(40), 0o644),
      PASSWORD_PEPPER: "p".repeat(40),
    });
    expect(message).toContain("JWT_SECRET and JWT_SECRET_FILE");
    expect(message).toContain("SESSION_SECRET_FILE:");
    expect(message).not.toContain("PASSWORD_PEPPER");
  });

  it("drop trailing newlines (LF or CRLF) and keep the rest as written", () => {
    const pepper = `${"p".repeat(40)}\r\n\n`;
    expect(load({ PASSWORD_PEPPER_FILE: secretFile(pepper) }).secrets.passwordPepper).toBe("p".repeat(40));
    const url = "postgres://user:p%40ss@db:5432/bulwark?sslmode=require";
    expect(load({ DATABASE_URL_FILE: secretFile(`${url}\n`) }).databaseUrl).toBe(url);
  });
});
