/**
 * Small zod builders that attach our message keys (messages.ts) to every issue a schema can raise,
 * so no schema ever produces zod's default English text.
 */
import { z } from "zod";
import type { Range } from "../limits";
import { V } from "./messages";
import type { ValidationMessageKey } from "./messages";

/** The fields of a raw zod issue our error functions read. */
interface RawIssue {
  readonly code?: string;
  readonly input?: unknown;
}

/** Missing value → `required`; any other type mismatch → `invalidType`. */
export function typeError(issue: RawIssue): ValidationMessageKey {
  return issue.input === undefined ? V.required : V.invalidType;
}

/** Like `typeError`, but a non-string value reads as `invalidType` and a bad string as `key`. */
export function formatError(key: ValidationMessageKey): (issue: RawIssue) => ValidationMessageKey {
  return (issue) => (typeof issue.input === "string" ? key : typeError(issue));
}

/** Number errors: missing → required; a finite non-integer → integer; unsafe integers → tooBig/tooSmall. */
export function integerError(issue: RawIssue): ValidationMessageKey {
  if (issue.code === "too_big") return V.tooBig;
  if (issue.code === "too_small") return V.tooSmall;
  if (typeof issue.input === "number" && Number.isFinite(issue.input)) return V.integer;
  return typeError(issue);
}

/** Object errors: unknown keys → unknownKey; otherwise a type error. */
export function objectError(issue: RawIssue): ValidationMessageKey {
  return issue.code === "unrecognized_keys" ? V.unknownKey : typeError(issue);
}

/** A string (no length rule). */
export function str() {
  return z.string({ error: typeError });
}

/** A required string: non-empty (after trimming when `trim`), at most `max` characters. */
export function requiredText(max: number, options: { trim?: boolean } = {}) {
  const base = options.trim ? str().trim() : str();
  return base.min(1, { error: V.required, abort: true }).max(max, { error: V.tooLong });
}

/** An optional string of at most `max` characters (trimmed); empty is allowed. */
export function optionalText(max: number) {
  return str().trim().max(max, { error: V.tooLong }).optional();
}

/** A required string of `range.min..range.max` characters matching `pattern` (else `key`). */
export function patternText(range: Range, pattern: RegExp, key: ValidationMessageKey) {
  return str()
    .min(1, { error: V.required, abort: true })
    .min(range.min, { error: V.tooShort, abort: true })
    .max(range.max, { error: V.tooLong, abort: true })
    .regex(pattern, { error: key });
}

/** An integer in `[range.min, range.max]`. */
export function intIn(range: Range) {
  return z.int({ error: integerError }).min(range.min, { error: V.tooSmall }).max(range.max, { error: V.tooBig });
}

/** An integer in `[range.min, range.max]` that also accepts its decimal string form (query strings). */
export function queryIntIn(range: Range) {
  return z.preprocess(
    (value) => (typeof value === "string" && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
    intIn(range),
  );
}

/** A boolean. */
export function bool() {
  return z.boolean({ error: typeError });
}

/** A boolean that also accepts "true"/"false" (query strings). */
export function queryBool() {
  return z.preprocess((value) => (value === "true" ? true : value === "false" ? false : value), bool());
}

/** One of a fixed set of strings; anything else is `key` (default invalidOption). */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, key: ValidationMessageKey = V.invalidOption) {
  return z.enum(values, { error: (issue: RawIssue) => (issue.input === undefined ? V.required : key) });
}

/** A strict object: unknown keys are rejected (typos in bodies fail loudly with 400). */
export function obj<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, { error: objectError });
}

/** A list of `range.min..range.max` items whose elements must be distinct. */
export function uniqueList<T extends z.ZodType>(item: T, range: Range) {
  return z
    .array(item, { error: typeError })
    .min(range.min, { error: V.tooFew })
    .max(range.max, { error: V.tooMany })
    .superRefine((items, ctx) => {
      const seen = new Set<unknown>();
      items.forEach((value, index) => {
        if (seen.has(value)) ctx.addIssue({ code: "custom", message: V.duplicate, path: [index], input: value });
        seen.add(value);
      });
    });
}
