import { domainToASCII } from "node:url";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fields as f, PasswordWithConfirmationSchema, compareAppVersions, V } from "../../shared/schemas";

/** The message keys of a failed parse (empty when it passes). */
function keys(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function accepts(schema: z.ZodType, values: readonly unknown[]) {
  for (const value of values) expect(keys(schema, value), JSON.stringify(value)).toEqual([]);
}

function rejects(schema: z.ZodType, values: readonly unknown[], key?: string) {
  for (const value of values) {
    const found = keys(schema, value);
    expect(found.length, JSON.stringify(value)).toBeGreaterThan(0);
    if (key) expect(found, JSON.stringify(value)).toContain(key);
  }
}

describe("app version (X.Y.Z without leading zeros)", () => {
  it("accepts", () => accepts(f.appVersion, ["1.0.0", "0.0.0", "5.0.1", "10.20.300"]));
  it("rejects leading zeros and other forms", () => {
    rejects(f.appVersion, ["01.2.3", "1.02.3", "1.2.03", "1.2", "1.2.3.4", "v1.2.3", "1.2.x", " 1.2.3", "1..3"], V.appVersion);
    rejects(f.appVersion, [""], V.required);
    rejects(f.appVersion, [`1.2.${"1".repeat(30)}`], V.tooLong);
  });
  it("compares numerically", () => {
    expect(compareAppVersions("1.10.0", "1.9.9")).toBeGreaterThan(0);
    expect(compareAppVersions("2.0.0", "2.0.0")).toBe(0);
    expect(compareAppVersions("1.0.0", "1.0.1")).toBeLessThan(0);
  });
});

describe("url (required, no whitespace, no trailing dot, http(s), ≤300)", () => {
  it("accepts", () => accepts(f.url, ["https://example.com", "http://a.example.com:8080/path?q=1", "https://example.com/file.apk"]));
  it("rejects whitespace", () =>
    rejects(f.url, ["https://exa mple.com", " https://example.com", "https://example.com\t", "https://example.com/a\nb"], V.urlWhitespace));
  it("rejects a trailing dot", () =>
    rejects(f.url, ["https://example.com.", "https://example.com./path", "https://example.com/."], V.urlTrailingDot));
  it("rejects non-URLs and other schemes", () =>
    rejects(f.url, ["example.com", "ftp://example.com", "javascript:alert(1)", "https://"], V.url));
  it("rejects empty and too long", () => {
    rejects(f.url, [""], V.required);
    rejects(f.url, [undefined], V.required);
    rejects(f.url, [`https://example.com/${"a".repeat(300)}`], V.tooLong);
  });
  it("turn URLs follow the same whitespace / dot rules", () => {
    accepts(f.turnUrl, ["turn:turn.example.com:3478", "turns:turn.example.com:5349?transport=tcp", "stun:stun.example.com"]);
    rejects(f.turnUrl, ["https://turn.example.com"], V.turnUrl);
    rejects(f.turnUrl, ["turn:turn.example.com."], V.urlTrailingDot);
    rejects(f.turnUrl, ["turn: turn.example.com"], V.urlWhitespace);
  });
});

describe("port 1..65535", () => {
  it("accepts", () => accepts(f.port, [1, 443, 65_535]));
  it("rejects", () => {
    rejects(f.port, [0, -1], V.tooSmall);
    rejects(f.port, [65_536], V.tooBig);
    rejects(f.port, [443.5], V.integer);
    rejects(f.port, ["443", null], V.invalidType);
    rejects(f.port, [undefined], V.required);
  });
});

describe("prefix (letters, digits, _ or -, ≤50)", () => {
  it("accepts", () => accepts(f.prefix, ["api", "my-vault_2", "A"]));
  it("rejects", () => {
    rejects(f.prefix, ["api.v2", "my prefix", "é", "a/b"], V.prefix);
    rejects(f.prefix, [""], V.required);
    rejects(f.prefix, ["a".repeat(51)], V.tooLong);
  });
});

describe("password (plain text, client side)", () => {
  it("accepts 9..19 characters with all four classes", () => accepts(f.password, ["Abcdefg1!", "Secur3-Passw0rd#xyz", "Ünïcødé1$x"]));
  it("rejects a missing class", () => {
    rejects(f.password, ["abcdefg1!", "ABCDEFG1!", "Abcdefgh!", "Abcdefgh1", "Abcdefg1 "], V.passwordClasses);
  });
  it("rejects the length bounds (stricter minimum 9; fewer than 20)", () => {
    rejects(f.password, ["Abcde1!x"], V.passwordTooShort);
    rejects(f.password, ["Abcdefghijklmnop1!x2"], V.passwordTooLong);
    accepts(f.password, ["Abcdefghijklmnop1!x"]);
    rejects(f.password, [""], V.required);
  });
  it("requires the confirmation to match", () => {
    accepts(PasswordWithConfirmationSchema, [{ password: "Abcdefg1!", confirmPassword: "Abcdefg1!" }]);
    const result = PasswordWithConfirmationSchema.safeParse({ password: "Abcdefg1!", confirmPassword: "Abcdefg1?" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ message: V.passwordMismatch, path: ["confirmPassword"] })]);
  });
  it("sends only a SHA-512 hex hash", () => {
    accepts(f.passwordHash, ["a".repeat(128), "0123456789abcdef".repeat(8)]);
    rejects(f.passwordHash, ["A".repeat(128), "a".repeat(127), "a".repeat(129), "g".repeat(128), "Abcdefg1!"], V.passwordHash);
  });
});

describe("username (handle or e-mail, ≤320) and the via-e-mail rule", () => {
  it("accepts handles and e-mails", () => accepts(f.username, ["alice", "a.b_c-d@e", "alice@example.com", "first+tag@example.co.uk", "x"]));
  it("rejects other characters", () => rejects(f.username, ["alice smith", "bob!", "çà", "a/b", "first+tag"], V.username));
  it("rejects empty and too long", () => {
    rejects(f.username, [""], V.required);
    rejects(f.username, ["a".repeat(321)], V.tooLong);
    accepts(f.username, ["a".repeat(320)]);
  });
  it("via e-mail it must be an e-mail", () => {
    accepts(f.usernameViaEmail, ["alice@example.com"]);
    rejects(f.usernameViaEmail, ["alice", "a.b_c-d@e", "alice@", "@example.com"], V.email);
  });
});

describe("e-mail", () => {
  it("accepts", () => accepts(f.email, ["a@example.com", "first.last+x@sub.example.org"]));
  it("rejects", () => {
    rejects(f.email, ["plain", "a@b", "a b@example.com", "a@example..com"], V.email);
    rejects(
      f.email,
      [`${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(20)}.com`],
      V.tooLong,
    );
  });
});

describe("names", () => {
  it("trims and requires 1..100", () => {
    expect(f.firstName.parse("  Ana  ")).toBe("Ana");
    rejects(f.firstName, ["", "   "], V.required);
    rejects(f.lastName, ["x".repeat(101)], V.tooLong);
    accepts(f.lastName, ["x".repeat(100)]);
  });
  it("team and association names are 1..320", () => {
    accepts(f.teamName, ["Acme", "x".repeat(320)]);
    rejects(f.teamName, ["x".repeat(321)], V.tooLong);
    rejects(f.associationName, [" "], V.required);
  });
  it("slugs are lowercase words with single hyphens", () => {
    accepts(f.slug, ["acme", "acme-corp-2", "a1"]);
    rejects(f.slug, ["Acme", "acme_corp", "-acme", "acme-", "ac--me", "acme corp"], V.slug);
    rejects(f.slug, ["a"], V.tooShort);
  });
});

describe("TTL, timeout, rate limit, failed attempts, OTP length, password history", () => {
  it("TTL needs at least 1; the zero variant allows 0", () => {
    accepts(f.ttl, [1, 3600]);
    rejects(f.ttl, [0], V.tooSmall);
    accepts(f.ttlAllowingZero, [0, 1]);
    rejects(f.ttlAllowingZero, [-1], V.tooSmall);
    rejects(f.ttl, [1.5], V.integer);
    rejects(f.ttl, [31_536_001], V.tooBig);
  });
  it("timeout and rate limit are 1..10000", () => {
    for (const schema of [f.timeout, f.rateLimit]) {
      accepts(schema, [1, 10_000]);
      rejects(schema, [10_001], V.tooBig);
      rejects(schema, [0], V.tooSmall);
      rejects(schema, [undefined], V.required);
    }
  });
  it("failed attempts, OTP length and password history are integers ≥1 and bounded", () => {
    accepts(f.failedAttempts, [1, 5, 100]);
    rejects(f.failedAttempts, [0], V.tooSmall);
    rejects(f.failedAttempts, [101], V.tooBig);
    accepts(f.otpLength, [1, 6, 12]);
    rejects(f.otpLength, [0], V.tooSmall);
    rejects(f.otpLength, [13], V.tooBig);
    accepts(f.passwordHistory, [1, 24]);
    rejects(f.passwordHistory, [0], V.tooSmall);
    rejects(f.passwordHistory, [25], V.tooBig);
    rejects(f.passwordHistory, [2.5], V.integer);
  });
});

describe("license count and activation token", () => {
  it("license count is an integer 1..9_999_999_999", () => {
    accepts(f.licenseCount, [1, 9_999_999_999]);
    rejects(f.licenseCount, [0], V.tooSmall);
    rejects(f.licenseCount, [10_000_000_000], V.tooBig);
    rejects(f.licenseCount, [1.5], V.integer);
    rejects(f.licenseCount, ["10"], V.invalidType);
  });
  it("activation token has min and max length", () => {
    accepts(f.activationToken, ["ABCD-EFGH-IJKL-MNOP", "eyJ2IjoxfQ.c2lnbmF0dXJl", "a".repeat(1000), `  ${"a".repeat(20)}\n`]);
    rejects(f.activationToken, ["short"], V.tooShort);
    rejects(f.activationToken, ["a".repeat(1001)], V.tooLong);
    rejects(f.activationToken, ["ABCD EFGH IJKL MNOP"], V.token);
    rejects(f.activationToken, [""], V.required);
  });
});

describe("ciphers and warning banner", () => {
  it("accepts OpenSSL cipher lists", () =>
    accepts(f.ciphers, [
      "HIGH:!aNULL:!MD5",
      "ECDHE-RSA-AES128-GCM-SHA256:@STRENGTH",
      "DEFAULT:@SECLEVEL=2",
      "TLS_AES_256_GCM_SHA384",
      "ECDH+AESGCM",
    ]));
  it("rejects invalid cipher lists", () => {
    rejects(f.ciphers, ["HIGH;MEDIUM", "HIGH:", ":HIGH", "@FOO", "HIGH$", "!!HIGH"], V.ciphers);
    rejects(f.ciphers, [""], V.required);
    rejects(f.ciphers, ["A".repeat(501)], V.tooLong);
  });
  it("warning banner is required and ≤1000", () => {
    accepts(f.warningBanner, ["Authorized use only.\nActivity is monitored.", "x".repeat(1000)]);
    rejects(f.warningBanner, ["", "  \n "], V.required);
    rejects(f.warningBanner, ["x".repeat(1001)], V.tooLong);
  });
});

describe("timezone, language, country, uid, ip, domain", () => {
  it("timezone must be known to Intl", () => {
    accepts(f.timezone, ["UTC", "Europe/Lisbon", "America/Sao_Paulo"]);
    rejects(f.timezone, ["Mars/Olympus", "GMT+25"], V.timezone);
  });
  it("language is en, pt or es", () => {
    accepts(f.language, ["en", "pt", "es"]);
    rejects(f.language, ["fr", "EN"], V.language);
  });
  it("country is an upper-case alpha-2 or alpha-3 code", () => {
    accepts(f.country, ["PT", "BRA", "US"]);
    rejects(f.country, ["pt", "P", "P1"], V.country);
    rejects(f.country, ["PORT"], V.tooLong);
  });
  it("uid is a UUID, ip an IPv4 address", () => {
    accepts(f.uid, [crypto.randomUUID()]);
    rejects(f.uid, ["not-a-uuid", "123"], V.uid);
    accepts(f.ip, ["192.168.1.10", "8.8.8.8"]);
    rejects(f.ip, ["256.1.1.1", "::1", "1.2.3"], V.ip);
  });
  it("domains are lowercased DNS names ≤100", () => {
    expect(f.domainName.parse(" Example.COM ")).toBe("example.com");
    rejects(f.domainName, ["example", "-bad.com", "exa mple.com", "example.com."], V.domain);
    rejects(f.domainName, [`${"a".repeat(60)}.${"b".repeat(60)}.com`], V.tooLong);
  });
  it("domains are IDNA-normalized as node:url's domainToASCII does, and nothing else slips through the host parser", () => {
    expect(f.domainName.parse("Bücher.Example")).toBe(domainToASCII("bücher.example"));
    expect(f.domainName.parse("ＥＸＡＭＰＬＥ。com")).toBe("example.com");
    expect(f.domainName.parse("例え.テスト")).toBe(domainToASCII("例え.テスト"));
    rejects(f.domainName, ["user@bücher.example", "bücher.example/x", "bücher.example:80", "bücher.example.", "1.2.3.4"], V.domain);
  });
});
