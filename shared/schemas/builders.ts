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

/**
 * C0 controls, DEL and C1 controls (`\p{Cc}`): never part of a name, slug or label. PostgreSQL refuses NUL in
 * text (a 500 if it reached the database), SQLite stores it, and ESC/CSI sequences repaint the
 * terminal of whoever later prints the value (`bulwark users list`). The bidi marks have their own
 * check and message (BIDI_CONTROL below).
 */
const CONTROL = /\p{Cc}/u;

/** The same, except tab, line feed and CR-LF: what a multi-line field (notes, a banner) may hold. */
const CONTROL_MULTI_LINE = /(?![\t\n\r])\p{Cc}|\r(?!\n)/u;

/** A UTF-16 surrogate without its pair: not a character; PostgreSQL would store U+FFFD instead. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The bidi embedding, override and isolate marks (U+202A–U+202E, U+2066–U+2069): invisible, they
 * reorder what follows them on screen, so `\u202egpj.exe` reads as `exe.jpg` in a list or an e-mail.
 * A single-line field (a name, a slug, a label) refuses them; multi-line text may need them for
 * right-to-left prose, and every output escapes them instead.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;

/** True when `value` holds a bidi embedding, override or isolate mark (refused in single-line fields). */
export function hasBidiControls(value: string): boolean {
  return BIDI_CONTROL.test(value);
}

/** True when `value` holds a control character a field of that kind refuses. */
export function hasControlCharacters(value: string, multiLine = false): boolean {
  return (multiLine ? CONTROL_MULTI_LINE : CONTROL).test(value);
}

/** True when `value` holds a UTF-16 surrogate without its pair. */
export function hasLoneSurrogates(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** Any character either check could refuse: most text has none, and one test settles it. */
const SUSPECT = /[\p{Cc}\uD800-\uDFFF\u202a-\u202e\u2066-\u2069]/u;

/** The text-safety check every string field runs (one zod check): no control characters, no lone surrogates, no bidi marks on one line. */
function safeText(schema: z.ZodString, multiLine: boolean): z.ZodString {
  return schema.superRefine((value, ctx) => {
    if (!SUSPECT.test(value)) return;
    if (hasControlCharacters(value, multiLine)) {
      ctx.addIssue({ code: "custom", message: multiLine ? V.controlCharactersMultiLine : V.controlCharacters, input: value });
    }
    if (hasLoneSurrogates(value)) ctx.addIssue({ code: "custom", message: V.invalidCharacters, input: value });
    if (!multiLine && hasBidiControls(value)) ctx.addIssue({ code: "custom", message: V.bidiControls, input: value });
  });
}

/** How a string field is read: trimmed first (so blanks at the ends are dropped, not refused), multi-line. */
export interface TextOptions {
  trim?: boolean;
  multiLine?: boolean;
}

function text(options: TextOptions) {
  const base = z.string({ error: typeError });
  return safeText(options.trim ? base.trim() : base, options.multiLine ?? false);
}

/** A single-line string (no length rule): control characters and lone surrogates are refused (after trimming with `trim`). */
export function str(options: { trim?: boolean } = {}) {
  return text({ trim: options.trim });
}

/** A multi-line string (no length rule): like `str()`, but tab, LF and CR-LF are allowed. */
export function multiLineStr(options: { trim?: boolean } = {}) {
  return text({ trim: options.trim, multiLine: true });
}

/** A required string: non-empty (after trimming when `trim`), at most `max` characters; `multiLine` allows line breaks and tabs. */
export function requiredText(max: number, options: TextOptions = {}) {
  return text(options).min(1, { error: V.required, abort: true }).max(max, { error: V.tooLong });
}

/** An optional string of at most `max` characters (trimmed); empty is allowed; `multiLine` allows line breaks and tabs. */
export function optionalText(max: number, options: { multiLine?: boolean } = {}) {
  return text({ trim: true, multiLine: options.multiLine }).max(max, { error: V.tooLong }).optional();
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
  return z.preprocess((value) => (typeof value === "string" && /^-?\d+$/.test(value.trim()) ? Number(value) : value), intIn(range));
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
