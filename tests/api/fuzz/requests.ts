/**
 * One fuzz case per call: who calls, the path parameters, the query string and the body, all
 * derived from the route's OpenAPI operation. A case is plain data (known objects referenced, not
 * copied), so the seed replays it exactly and the report can print it.
 */
import fc from "fast-check";
import { forgedCursor, hostileString, hostileValue, percentEncode, rawPercent } from "./hostile";
import { KnownRef, scalarText, serialize, type FuzzValue, type KnownKind, type Resolver } from "./json";
import { applyMutation, mutationArb, rawBodyArb } from "./mutate";
import { csvBodyArb } from "./csv";
import { arbitraryOf, type JsonSchema } from "./schema";

/** Who sends a case: the two admins, or the service token on the service API. */
export type FuzzActor = "root" | "teamAdmin" | "service";

/** Who a case claims to be: a real actor, or (one case in ten) the index-th forged credential of the world. */
export type FuzzCaller = FuzzActor | { forged: number };

/** A /v2 operation as GET /v2/openapi.json describes it. */
export interface Operation {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The OpenAPI path, e.g. `/v2/team/{slug}`. */
  path: string;
  params: { name: string; in: "path" | "query"; schema: JsonSchema }[];
  body?: JsonSchema;
  /** The body is a CSV file (`text/csv`), not JSON. */
  csvBody?: boolean;
  /** Authenticated by a service token (`/v2/service/*`). */
  service: boolean;
}

type Part = { raw: string } | { value: FuzzValue };

/** One generated request. */
export interface FuzzCase {
  actor: FuzzCaller;
  path: Record<string, Part>;
  query: { name: string; part: Part }[];
  body?: { json: FuzzValue } | { raw: string; contentType: string | null };
}

const PATH_KNOWN: Record<string, KnownKind> = { uid: "anyUid", slug: "slug" };

function pathPart(name: string, schema: JsonSchema, hostile: boolean): fc.Arbitrary<Part> {
  const kind = PATH_KNOWN[name];
  const known = fc.nat().map((i): Part => ({ value: new KnownRef(kind ?? "slug", i) }));
  const generated = arbitraryOf(schema, name, hostile).map((value): Part => ({ value }));
  if (!hostile) return kind ? fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: generated }) : generated;
  return fc.oneof(
    { weight: kind ? 4 : 0, arbitrary: known },
    { weight: 3, arbitrary: generated },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length < 5000).map((value): Part => ({ value })) },
    { weight: 1, arbitrary: rawPercent.map((raw): Part => ({ raw })) },
  );
}

function queryParts(op: Operation, hostile: boolean): fc.Arbitrary<{ name: string; part: Part }[]> {
  const params = op.params.filter((p) => p.in === "query");
  const one = params.map((p) => {
    const generated = arbitraryOf(p.schema, p.name, hostile).map((v): Part => ({ value: v }));
    const value = !hostile
      ? generated
      : p.name === "cursor"
        ? fc.oneof({ weight: 3, arbitrary: forgedCursor.map((s): Part => ({ value: s })) }, { weight: 1, arbitrary: generated })
        : fc.oneof({ weight: 6, arbitrary: generated }, { weight: 1, arbitrary: rawPercent.map((raw): Part => ({ raw })) });
    // A parameter is absent, once, or repeated (the simple query parser turns a repeat into an array).
    // Valid cases leave the cursor out: a made-up cursor is a forged one.
    const count = !hostile
      ? fc.constantFrom(...(p.name === "cursor" ? [0] : [0, 1]))
      : fc.oneof(
          { weight: 3, arbitrary: fc.constant(0) },
          { weight: 6, arbitrary: fc.constant(1) },
          { weight: 1, arbitrary: fc.integer({ min: 2, max: 3 }) },
        );
    return count
      .chain((n) => fc.array(value, { minLength: n, maxLength: n }))
      .map((parts) => parts.map((part) => ({ name: p.name, part })));
  });
  const extra = hostile
    ? fc.array(
        fc.record({
          name: fc.oneof(
            fc.constantFrom("__proto__", "constructor", "limit[]", "cursor[v]", "a"),
            hostileString.filter((s) => s.length < 50),
          ),
          part: hostileValue.map((v): Part => ({ value: v })),
        }),
        { maxLength: 1 },
      )
    : fc.constant([]);
  return fc.tuple(fc.tuple(...one), extra).map(([lists, more]) => [...lists.flat(), ...more]);
}

/**
 * Cases of one mode. Valid cases keep to the schema (free text still hostile in content) and
 * use real credentials, to reach services and SQL; hostile cases break it everywhere.
 */
function modeArb(op: Operation, hostile: boolean): fc.Arbitrary<FuzzCase> {
  const real: fc.Arbitrary<FuzzCaller> = op.service ? fc.constant("service") : fc.constantFrom("root", "teamAdmin");
  const actor = hostile
    ? fc.oneof({ weight: 4, arbitrary: real }, { weight: 1, arbitrary: fc.nat().map((i): FuzzCaller => ({ forged: i })) })
    : real;
  const pathParams = op.params.filter((p) => p.in === "path");
  const path = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathPart(p.name, p.schema, hostile)])));
  const schema = op.body;
  const csv: fc.Arbitrary<FuzzCase["body"]> = hostile
    ? fc.oneof(
        { weight: 6, arbitrary: csvBodyArb(true).map((raw) => ({ raw, contentType: "text/csv" })) },
        { weight: 1, arbitrary: rawBodyArb.map(({ text, contentType }) => ({ raw: text, contentType })) },
      )
    : csvBodyArb(false).map((raw) => ({ raw, contentType: "text/csv" }));
  const body: fc.Arbitrary<FuzzCase["body"]> = op.csvBody
    ? csv
    : !schema
      ? fc.constant(undefined)
      : !hostile
        ? arbitraryOf(schema, undefined, false).map((json) => ({ json }))
        : fc.oneof(
            {
              weight: 12,
              arbitrary: fc.tuple(arbitraryOf(schema), mutationArb).map(([value, mutation]) => ({ json: applyMutation(value, mutation) })),
            },
            { weight: 1, arbitrary: rawBodyArb.map(({ text, contentType }) => ({ raw: text, contentType })) },
          );
  return fc
    .record({ actor, path, query: queryParts(op, hostile), body })
    .map((c) => (c.body === undefined ? { actor: c.actor, path: c.path, query: c.query } : (c as FuzzCase)));
}

/** The arbitrary of cases for an operation: half valid, half hostile. */
export function caseArb(op: Operation): fc.Arbitrary<FuzzCase> {
  return fc.oneof(modeArb(op, false), modeArb(op, true));
}

/**
 * Longest encoded path segment or query value: Node refuses request heads over 16 KB itself (431,
 * before the app runs), so longer ones would only test Node.
 */
const MAX_URL_PART = 4000;

function partText(part: Part, resolve: Resolver): string {
  return "raw" in part ? part.raw : percentEncode(scalarText(part.value, resolve)).slice(0, MAX_URL_PART);
}

/** The URL (path and query) and body bytes of a case against the current world. */
export function renderCase(
  op: Operation,
  c: FuzzCase,
  resolve: Resolver,
): { url: string; body?: { text: string; contentType: string | null } } {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const part = c.path[name];
    return part ? partText(part, resolve) : "";
  });
  const query = c.query.map(({ name, part }) => `${percentEncode(name)}=${partText(part, resolve)}`).join("&");
  const url = query ? `${path}?${query}` : path;
  if (!c.body) return { url };
  if ("raw" in c.body) return { url, body: { text: c.body.raw, contentType: c.body.contentType } };
  return { url, body: { text: serialize(c.body.json, resolve), contentType: "application/json" } };
}
