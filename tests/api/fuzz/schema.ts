/**
 * Arbitraries derived from the JSON Schema of GET /v2/openapi.json (itself generated from the
 * shared zod schemas), so a new field or route is fuzzed without touching this suite. Values are
 * mostly valid, to get past validation into the services and the database, with hostile leaves
 * mixed in; fields that name an object (uid, slug, username…) often take a real one of the world.
 */
import fc from "fast-check";
import { hostileString, hostileValue } from "./hostile";
import { KnownRef, type FuzzValue, type KnownKind } from "./json";

/** The subset of JSON Schema that z.toJSONSchema writes for our schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** Which known objects a field of this name refers to. */
const KNOWN_BY_NAME: Record<string, KnownKind> = {
  uid: "anyUid",
  uids: "userUid",
  deviceId: "deviceUid",
  device: "deviceUid",
  slug: "slug",
  newSlug: "slug",
  team: "slug",
  teams: "slug",
  username: "username",
  user: "username",
  id: "serviceTokenId",
};

const https = fc.constantFrom("https://login.example.com/tenant", "https://cdn.example.com/a/logo.png", "https://example.com");
const freshEmail = fc.stringMatching(/^[a-z0-9]{4,12}@fuzz\.test$/);

/**
 * Fields whose rule (a refinement JSON Schema cannot state) a random string almost never meets:
 * valid values four times in five, so valid-mode cases get past validation.
 */
const VALID_BY_NAME: Record<string, fc.Arbitrary<string>> = {
  timezone: fc.constantFrom("UTC", "Europe/Lisbon", "America/Sao_Paulo", "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns"),
  captcha: fc.constant("off"),
  country: fc.constantFrom("PT", "ES", "BR", "US", "GB", "IN"),
  authority: https,
  // The server reads a discovery document on save: an address refused at once keeps the fuzz
  // offline and fast (that such a save answers 400 is tests/api/teams.authentication.test.ts's).
  discovery: fc.constant("https://127.0.0.1:1/.well-known/openid-configuration"),
  tenantId: fc.uuid(),
  logoUrl: https,
  url: fc.constantFrom("turn:turn.example.com:3478", "turns:turn.example.com:5349?transport=tcp", "https://example.com"),
  version: fc.constantFrom("v2.0", "1", "2.1"),
  username: freshEmail,
  finance: freshEmail,
  operations: freshEmail,
  support: freshEmail,
  aliases: fc.stringMatching(/^[a-z][a-z0-9._-]{2,20}$/),
};

/** Non-string fields tied by cross-field rules (min ≤ default ≤ max; Azure AD sync needs a tenant): valid-mode values. */
const VALID_OTHER_BY_NAME: Record<string, fc.Arbitrary<FuzzValue>> = {
  callTimeoutMin: fc.constant(10),
  callTimeoutDefault: fc.constant(30),
  callTimeoutMax: fc.constant(60),
  azureAdSync: fc.constant(false),
  platform: fc.constantFrom(1, 2, 7, 8, 9, 10, 11, 12, 13),
};

/** Printable and nasty characters, kept within a length limit: free text that passes validation and reaches the database. */
function freeText(min: number, max: number): fc.Arbitrary<string> {
  const cap = Math.min(max, 60);
  const arbitraries: fc.Arbitrary<string>[] = [
    fc.string({ minLength: min, maxLength: cap }),
    fc.string({ unit: "grapheme", minLength: min, maxLength: cap }),
    hostileString.filter((s) => s.length >= min && s.length <= max),
  ];
  if (max < 5000) arbitraries.push(fc.constantFrom("x".repeat(max), "é".repeat(max), "\u0000".repeat(Math.max(min, 1))));
  return fc.oneof(...arbitraries);
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 400;
  if (schema.pattern) {
    let matching: fc.Arbitrary<string>;
    try {
      matching = fc.stringMatching(new RegExp(schema.pattern), { size: "small" });
    } catch {
      matching = fc.string({ minLength: min, maxLength: Math.min(max, 60) });
    }
    return fc.oneof({ weight: 8, arbitrary: matching }, { weight: 1, arbitrary: freeText(min, max) });
  }
  return freeText(min, max);
}

function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max, min - 1, max + 1) },
  );
}

/**
 * An arbitrary for values of a schema. `name` is the field's name (for known objects). With
 * `hostile`, one leaf in eight is replaced by a hostile value of any type; without, values keep
 * to the schema (free text still carries control characters, surrogates and the like), so the
 * case reaches the service and the database.
 */
export function arbitraryOf(schema: JsonSchema, name?: string, hostile = true): fc.Arbitrary<FuzzValue> {
  const valid = validOf(schema, name, hostile);
  const leaf = !schema.properties && !schema.items && !schema.anyOf && !schema.oneOf;
  return leaf && hostile ? fc.oneof({ weight: 7, arbitrary: valid }, { weight: 1, arbitrary: hostileValue }) : valid;
}

function validOf(schema: JsonSchema, name: string | undefined, hostile: boolean): fc.Arbitrary<FuzzValue> {
  if (schema.const !== undefined) return fc.constant(schema.const as FuzzValue);
  const fixed = name && !hostile ? VALID_OTHER_BY_NAME[name] : undefined;
  if (fixed !== undefined) return fixed;
  if (schema.enum) return fc.constantFrom(...(schema.enum as FuzzValue[]));
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => arbitraryOf(v, name, hostile)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const known = name ? KNOWN_BY_NAME[name] : undefined;
  const withKnown = (arb: fc.Arbitrary<FuzzValue>): fc.Arbitrary<FuzzValue> =>
    known ? fc.oneof({ weight: 3, arbitrary: fc.nat().map((i) => new KnownRef(known, i)) }, { weight: 1, arbitrary: arb }) : arb;
  switch (type) {
    case "object": {
      const properties = schema.properties ?? {};
      const required = (schema.required ?? []).filter((k) => k in properties);
      const shape: Record<string, fc.Arbitrary<FuzzValue>> = {};
      for (const [key, sub] of Object.entries(properties)) shape[key] = arbitraryOf(sub, key, hostile);
      if (hostile) return fc.record(shape, { requiredKeys: required });
      // Valid mode sends an optional field one time in four: fewer cross-field rules to break at once.
      const sparse: Record<string, fc.Arbitrary<FuzzValue | undefined>> = {};
      for (const [key, arb] of Object.entries(shape)) {
        // An admin is created with a password or an invitation, not both: valid cases send the password.
        if (key === "invite") continue;
        sparse[key] = required.includes(key) || key === "password" ? arb : fc.option(arb, { nil: undefined, freq: 4 });
      }
      return fc.record(sparse).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as FuzzValue);
    }
    case "array": {
      const items = schema.items ? arbitraryOf(schema.items, name, hostile) : hostileValue;
      return fc.array(items, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(Math.min(schema.maxItems ?? 5, 5), schema.minItems ?? 0),
      });
    }
    case "string": {
      const valid = name ? VALID_BY_NAME[name] : undefined;
      return withKnown(
        valid ? fc.oneof({ weight: hostile ? 4 : 19, arbitrary: valid }, { weight: 1, arbitrary: stringOf(schema) }) : stringOf(schema),
      );
    }
    case "integer":
      return withKnown(integerOf(schema));
    case "number":
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return hostileValue;
  }
}
