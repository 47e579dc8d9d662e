import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigFileError, configDir, contextNameFor, readConfig, writeConfig } from "../../cli/config";
import { isLanguage, languageFromArgv, tokenLanguage } from "../../cli/i18n";
import { colorsEnabled } from "../../cli/output";

const tempDir = () => path.join(mkdtempSync(path.join(tmpdir(), "bulwark-cfg-")), "bulwark");
const token = (claims: object) => `x.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.y`;

describe("cli config file", () => {
  it("lives in BULWARK_CONFIG_DIR, else $XDG_CONFIG_HOME/bulwark, else ~/.config/bulwark", () => {
    expect(configDir({ BULWARK_CONFIG_DIR: "/tmp/a", XDG_CONFIG_HOME: "/tmp/b" })).toBe("/tmp/a");
    expect(configDir({ XDG_CONFIG_HOME: "/tmp/b" })).toBe("/tmp/b/bulwark");
    expect(configDir({ XDG_CONFIG_HOME: "relative" })).toBe(path.join(homedir(), ".config", "bulwark"));
    expect(configDir({})).toBe(path.join(homedir(), ".config", "bulwark"));
  });

  it("reads a missing file as empty and writes 0700/0600 with the validated shape", () => {
    const dir = tempDir();
    const env = { BULWARK_CONFIG_DIR: dir };
    expect(readConfig(env)).toEqual({ current: null, contexts: {} });
    expect(existsSync(dir)).toBe(false);
    const config = {
      current: "c",
      contexts: { c: { url: "https://x.example", username: "a@b.c", token: "t", expiresAt: "2030-01-01T00:00:00.000Z" } },
    };
    writeConfig(env, config);
    expect(readConfig(env)).toEqual(config);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, "config.json")).mode & 0o777).toBe(0o600);
    expect(() => writeConfig(env, { current: "missing", contexts: {} })).toThrow();
    expect(JSON.parse(readFileSync(path.join(dir, "config.json"), "utf8"))).toEqual(config);
  });

  it.each([
    ["not JSON", "{", /not valid JSON/],
    [
      "a wrong shape",
      JSON.stringify({ current: null, contexts: { c: { url: "ftp://x", username: "a", token: null, expiresAt: null } } }),
      /contexts\.c\.url/,
    ],
    ["a current context that does not exist", JSON.stringify({ current: "ghost", contexts: {} }), /current/],
  ])("refuses %s with a ConfigFileError naming the file", (_name, text, problem) => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "config.json"), text);
    let error: unknown;
    try {
      readConfig({ BULWARK_CONFIG_DIR: dir });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigFileError);
    expect((error as ConfigFileError).file).toBe(path.join(dir, "config.json"));
    expect((error as ConfigFileError).problem).toMatch(problem);
  });

  it("names a context after the server's host", () => {
    expect(contextNameFor("https://console.example.com/")).toBe("console.example.com");
    expect(contextNameFor("http://127.0.0.1:3000")).toBe("127.0.0.1:3000");
  });
});

describe("cli language and colors", () => {
  it("reads --lang from raw argv and a token's lang claim, ignoring anything unsupported", () => {
    expect(languageFromArgv(["whoami", "--lang", "pt"])).toBe("pt");
    expect(languageFromArgv(["--lang=es"])).toBe("es");
    expect(languageFromArgv(["--lang", "fr"])).toBeNull();
    expect(languageFromArgv(["--", "--lang", "pt"])).toBeNull();
    expect(tokenLanguage(token({ lang: "es" }))).toBe("es");
    expect(tokenLanguage(token({ lang: "de" }))).toBeNull();
    expect(tokenLanguage("garbage")).toBeNull();
    expect(isLanguage("en")).toBe(true);
  });

  it("uses colors only on a TTY without NO_COLOR", () => {
    expect(colorsEnabled({ write: () => true, isTTY: true }, {})).toBe(true);
    expect(colorsEnabled({ write: () => true, isTTY: true }, { NO_COLOR: "1" })).toBe(false);
    expect(colorsEnabled({ write: () => true, isTTY: true }, { NO_COLOR: "" })).toBe(true);
    expect(colorsEnabled({ write: () => true, isTTY: false }, {})).toBe(false);
  });
});
