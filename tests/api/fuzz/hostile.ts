/**
 * Hostile inputs: control characters, lone surrogates, bidirectional overrides,
 * 1 MB strings, deep nesting, prototype keys, numbers at the edges of every numeric type, forged
 * keyset cursors and malformed percent-encoding. Shared by bodies, query strings and paths.
 */
import fc from "fast-check";
import { RawJson, type FuzzValue } from "./json";

/** Just over the JSON body limit (1 MiB): a body carrying it must be refused as too large. */
export const HUGE_STRING = `${"A".repeat(1024 * 1024 - 3)}\u202e\u0000z`;

/** Characters that break naive code: C0/C1 controls, NUL, surrogates, bidi and zero-width marks, case-folding oddities. */
const NASTY_CHARS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\b",
  "\t",
  "\n",
  "\u000b",
  "\f",
  "\r",
  "\u001b",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u009b",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
  "\u202e",
  "\u202d",
  "\u2066",
  "\u2069",
  "\u200b",
  "\u200d",
  "\u2028",
  "\u2029",
  "\ufeff",
  "\ufffd",
  "\uffff",
  "\u0301",
  "İ",
  "ß",
  "ﬃ",
  "Σ",
  "𝔘",
  "👩‍👩‍👧",
  "'",
  '"',
  "\\",
  "%",
  "_",
  "*",
  "?",
  "/",
  ".",
  ";",
  "-",
  "@",
  "<",
  ">",
  "&",
  "#",
  "+",
  " ",
];

/** Whole strings known to upset parsers, SQL, LIKE patterns, templates and terminals. */
const NASTY_STRINGS = [
  "",
  " ",
  "   ",
  "\u0000",
  "a\u0000",
  "\u0000".repeat(64),
  "\u001b[31mred\u001b[0m",
  "\u001b]0;title\u0007",
  "\r\n\r\n",
  "' OR '1'='1",
  "'; DROP TABLE admins; --",
  "%",
  "%%",
  "_",
  "\\",
  "\\%",
  "[a-z]",
  "(?:",
  "${process.env}",
  "{{constructor}}",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-0",
  "1e400",
  "0x10",
  "true",
  "[]",
  "{}",
  "\ud800",
  "\udfff\ud800",
  "\u202eevil",
  "ＡＢＣ",
  "İstanbul",
  "straße",
  "x".repeat(321),
  "x".repeat(1001),
  "é".repeat(400),
  "𝔘".repeat(200),
  "a@b.co\u0000",
  "root",
  "admin@example.test",
  "ADMIN@EXAMPLE.TEST ",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
];

/** A short string built from nasty characters and ASCII. */
const nastyMix = fc.string({
  unit: fc.oneof(fc.constantFrom(...NASTY_CHARS), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })),
  maxLength: 40,
});

/** A hostile string: a known nasty one, a mix, random code points, or a long run of one character. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 6, arbitrary: nastyMix },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...NASTY_CHARS), fc.integer({ min: 100, max: 5000 })).map(([c, n]) => c.repeat(n)) },
);

/** Numbers at the edges of integer columns, JavaScript and JSON (raw text where JSON.stringify cannot say it). */
export const edgeNumber: fc.Arbitrary<FuzzValue> = fc.oneof(
  fc.constantFrom<FuzzValue>(
    0,
    -0,
    1,
    -1,
    1.5,
    -1.5,
    0.1,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31),
    2 ** 32,
    2 ** 53 - 1,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    2 ** 63,
    1e21,
    1e300,
    -1e300,
    5e-324,
    Number.MAX_VALUE,
    65535,
    65536,
    10000,
    10001,
  ),
  fc.constantFrom(
    ...["1e400", "-1e400", "123456789012345678901234567890", "-0.0", "1E2", "0.0000001", "9007199254740993", "1.0"].map(
      (t) => new RawJson(t),
    ),
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** JSON nested `depth` levels deep, as raw text (no recursion on our side either). */
export function deepNesting(depth: number, kind: "array" | "object"): RawJson {
  return kind === "array"
    ? new RawJson(`${"[".repeat(depth)}${"]".repeat(depth)}`)
    : new RawJson(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);
}

/** Keys that reach for prototypes or collide with Object's own members. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "", "\u0000", "uid ", "a.b", "$where"),
  hostileString.filter((s) => s.length < 100),
);

/** A hostile JSON value of any type: strings, edge numbers, wrong types, deep nesting, prototype-polluting objects. */
export const hostileValue: fc.Arbitrary<FuzzValue> = fc.oneof(
  { weight: 30, arbitrary: hostileString },
  // Rarely: a string over the body limit (a few per route, enough to check the 413).
  { weight: 1, arbitrary: fc.constant(HUGE_STRING) },
  { weight: 15, arbitrary: edgeNumber },
  { weight: 8, arbitrary: fc.constantFrom<FuzzValue>(null, true, false, [], {}, [null], [[]], [""], { "": "" }) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.integer({ min: 1000, max: 60_000 }), fc.constantFrom<"array" | "object">("array", "object"))
      .map(([d, k]) => deepNesting(d, k)),
  },
  {
    weight: 3,
    arbitrary: fc.constant<FuzzValue>(
      new RawJson('{"__proto__":{"isAdmin":true,"role":"root"},"constructor":{"prototype":{"polluted":1}}}'),
    ),
  },
  {
    weight: 4,
    arbitrary: fc.array(
      hostileString.filter((s) => s.length < 1000),
      { maxLength: 5 },
    ),
  },
);

function base64url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}

/** A sort value a forged cursor may carry: of the wrong type, with NUL or lone surrogates, out of every range. */
const cursorValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyMix,
  fc.constantFrom("a\u0000", "\ud800", "x", "", "2024-01-01T00:00:00Z", "active", "zzzz", "1e400"),
  fc.constantFrom(1.5, -1, 0, 1e300, -1e300, 2 ** 53, 2 ** 63, 5e-324, Date.now()),
  fc.integer(),
  fc.constantFrom(null, true, [], {}, [1], { a: 1 }),
);

/**
 * A forged keyset cursor: base64url JSON whose sort value is of any type (strings with NUL,
 * floats, 1e300, nested values) and whose id is out of range, fields missing or extra, or garbage.
 */
export const forgedCursor: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({ v: cursorValue, id: fc.oneof(fc.nat(), fc.constantFrom(-1, 1.5, 1e300, 2 ** 31, 2 ** 53 + 2, "1", null)) })
      .map((c) => base64url(JSON.stringify(c))),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ v: cursorValue, id: fc.nat(), extra: hostileString }, { requiredKeys: [] })
      .map((c) => base64url(JSON.stringify(c))),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        '{"v":"x","id":1}',
        '{"v":1.5,"id":1}',
        '{"v":1e300,"id":1}',
        '{"v":"a\\u0000","id":1}',
        '{"v":1e400,"id":1}',
        '{"v":null,"id":1e300}',
        '{"v":"x","id":9007199254740993}',
        '{"__proto__":{"v":1},"id":1}',
        "[]",
        "null",
        "1",
        '"x"',
        "{",
      )
      .map(base64url),
  },
  { weight: 1, arbitrary: hostileString.filter((s) => s.length < 600) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(..."ABCDEFabcdef0123456789-_="), minLength: 1, maxLength: 600 }) },
);

/** Percent-encodes every byte of the UTF-8 text except unreserved characters (lone surrogates become U+FFFD's bytes). */
export function percentEncode(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Malformed or surprising percent-encoding, sent verbatim in a path segment or query value. */
export const rawPercent: fc.Arbitrary<string> = fc.constantFrom(
  "%ff",
  "%E0%A4%A",
  "%",
  "%%",
  "%zz",
  "%00",
  "%0a",
  "%c0%af",
  "%ed%a0%80",
  "%2e%2e",
  "..",
  "%2F",
  "%252F",
  "a%",
  "%e2%80%ae",
  "%F0%9F%98",
  "%u0041",
  "%C3%28",
);
