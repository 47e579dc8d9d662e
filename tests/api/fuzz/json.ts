/**
 * The values the fuzzer builds requests from. Plain JSON values, plus two leaves JSON.stringify
 * cannot express: raw JSON text (numbers such as `1e400`, nesting 50,000 levels deep) and a
 * reference to an object of the fuzzing world (a real uid, slug…), resolved only when the
 * request is sent so that a case stays valid after the world is rebuilt.
 */

/** JSON text written as is (an edge number, a deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** What a known-value reference points at in the world. */
export type KnownKind = "adminUid" | "userUid" | "anyUid" | "deviceUid" | "slug" | "username" | "serviceTokenId";

/** The index-th known value of a kind (modulo how many the world holds). */
export class KnownRef {
  constructor(
    readonly kind: KnownKind,
    readonly index: number,
  ) {}
}

/** A value the fuzzer can send in a body. */
export type FuzzValue = null | boolean | number | string | RawJson | KnownRef | FuzzValue[] | { [key: string]: FuzzValue };

/** Looks a known value up in the current world (undefined when it holds none of that kind). */
export type Resolver = (ref: KnownRef) => string | number | undefined;

/** Whether a value is a plain object of the AST (not an array, a raw leaf or a reference). */
export function isObject(value: FuzzValue): value is { [key: string]: FuzzValue } {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof RawJson) && !(value instanceof KnownRef)
  );
}

/** Sets an own, enumerable key even when it is `__proto__` (a literal or assignment would set the prototype). */
export function defineKey(target: { [key: string]: FuzzValue }, key: string, value: FuzzValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A shallow copy keeping every own key, `__proto__` included. */
export function copyObject(source: { [key: string]: FuzzValue }): { [key: string]: FuzzValue } {
  const out: { [key: string]: FuzzValue } = {};
  for (const key of Object.keys(source)) defineKey(out, key, source[key] as FuzzValue);
  return out;
}

/** The JSON text of a value: raw leaves verbatim, references resolved against the world. */
export function serialize(value: FuzzValue, resolve: Resolver): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof KnownRef) return JSON.stringify(resolve(value) ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => serialize(v, resolve)).join(",")}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}:${serialize(value[k] as FuzzValue, resolve)}`)
      .join(",")}}`;
  // JSON.stringify writes lone surrogates as \\udXXX escapes, so the text stays valid UTF-8.
  return JSON.stringify(value);
}

/** A value as a query-string or path text: strings as they are, anything else as its JSON. */
export function scalarText(value: FuzzValue, resolve: Resolver): string {
  if (typeof value === "string") return value;
  if (value instanceof KnownRef) return String(resolve(value) ?? "");
  return serialize(value, resolve);
}
