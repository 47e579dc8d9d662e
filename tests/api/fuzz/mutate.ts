/**
 * Mutations applied to a generated body: a leaf replaced by a hostile value, a key added (often
 * `__proto__`), a key dropped, the whole body swapped for another type. Immutable: the generated
 * value is copied along the mutated path, so fast-check may replay it.
 */
import fc from "fast-check";
import { hostileKey, hostileValue } from "./hostile";
import { copyObject, defineKey, isObject, type FuzzValue } from "./json";

/** One change to a body; `at` picks a node (modulo the number of candidates). */
export type Mutation =
  | { kind: "none" }
  | { kind: "replace"; at: number; value: FuzzValue }
  | { kind: "addKey"; at: number; key: string; value: FuzzValue }
  | { kind: "drop"; at: number }
  | { kind: "whole"; value: FuzzValue };

/** Mostly no change (valid bodies reach the services), else one of the hostile changes. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Mutation>({ kind: "none" }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("addKey" as const), at: fc.nat(), key: hostileKey, value: hostileValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("drop" as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("whole" as const), value: hostileValue }) },
);

type Path = (string | number)[];

function nodes(value: FuzzValue, path: Path, out: { leaves: Path[]; objects: Path[]; keys: Path[] }): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => nodes(v, [...path, i], out));
    if (value.length === 0) out.leaves.push(path);
  } else if (isObject(value)) {
    out.objects.push(path);
    for (const key of Object.keys(value)) {
      out.keys.push([...path, key]);
      nodes(value[key] as FuzzValue, [...path, key], out);
    }
  } else {
    out.leaves.push(path);
  }
}

function setAt(value: FuzzValue, path: Path, change: (node: FuzzValue) => FuzzValue | undefined): FuzzValue {
  if (path.length === 0) return change(value) ?? null;
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === "number") {
    const copy = [...value];
    const next = rest.length === 0 ? change(copy[head] as FuzzValue) : setAt(copy[head] as FuzzValue, rest, change);
    if (next === undefined) copy.splice(head, 1);
    else copy[head] = next;
    return copy;
  }
  if (isObject(value) && typeof head === "string") {
    const copy = copyObject(value);
    const next = rest.length === 0 ? change(copy[head] as FuzzValue) : setAt(copy[head] as FuzzValue, rest, change);
    if (next === undefined) delete copy[head];
    else defineKey(copy, head, next);
    return copy;
  }
  return value;
}

/** The body after a mutation. */
export function applyMutation(body: FuzzValue, mutation: Mutation): FuzzValue {
  if (mutation.kind === "none") return body;
  if (mutation.kind === "whole") return mutation.value;
  const found = { leaves: [] as Path[], objects: [] as Path[], keys: [] as Path[] };
  nodes(body, [], found);
  if (mutation.kind === "replace") {
    const path = found.leaves[mutation.at % Math.max(found.leaves.length, 1)] ?? [];
    return setAt(body, path, () => mutation.value);
  }
  if (mutation.kind === "drop") {
    const path = found.keys[mutation.at % Math.max(found.keys.length, 1)];
    return path ? setAt(body, path, () => undefined) : body;
  }
  const target = found.objects[mutation.at % Math.max(found.objects.length, 1)];
  if (!target) return body;
  return setAt(body, target, (node) => {
    if (!isObject(node)) return node;
    const copy = copyObject(node);
    defineKey(copy, mutation.key, mutation.value);
    return copy;
  });
}

/** Bodies that are not what the route expects at the byte level: broken JSON, wrong media types, odd charsets. */
export const rawBodyArb: fc.Arbitrary<{ text: string; contentType: string | null }> = fc.oneof(
  fc.constantFrom(
    { text: '{"a":', contentType: "application/json" },
    { text: '{"uid":"x"}garbage', contentType: "application/json" },
    { text: "\ufeff{}", contentType: "application/json" },
    { text: '{"uid":"a","uid":"b"}', contentType: "application/json" },
    { text: "", contentType: "application/json" },
    { text: "null", contentType: "application/json" },
    { text: '"just a string"', contentType: "application/json" },
    { text: "[1,2,3]", contentType: "application/json" },
    { text: "\u0000", contentType: "application/json" },
    { text: "{}", contentType: "application/json; charset=utf-16" },
    { text: "{}", contentType: "application/json; charset=latin1" },
    { text: "{}", contentType: "application/vnd.api+json" },
    { text: "uid=1&__proto__[x]=1", contentType: "application/x-www-form-urlencoded" },
    { text: '{"uid":"1"}', contentType: "text/plain" },
    { text: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--', contentType: "multipart/form-data; boundary=b" },
    { text: '{"a":1}', contentType: null },
  ),
  fc.string({ unit: "binary", maxLength: 200 }).map((text) => ({ text, contentType: "application/json" })),
);
