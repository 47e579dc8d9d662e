/**
 * The documented error answers of an operation, derived from what the route is rather than
 * written by hand: the generic code of every failure its kind of route can meet (validation,
 * authentication, authorization, an unknown path parameter, a body too large, a rate limit),
 * plus every catalogue code of the call's own action prefix (`teamCreate409`). Each status lists
 * its codes in `x-error-codes`; any other failure is the `default` envelope.
 */
import { CATALOGUE_CODES, entryFor, SPEC_CODES_NOT_SENT, type CatalogueCode } from "../../../shared/errors";
import type { RouteInfo } from "./routes";

/** The error envelope of DESIGN §3, once in `components`. */
export const ERROR_ENVELOPE_SCHEMA = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "status", "message"],
      properties: {
        code: { type: "string", description: "Catalogue code (shared/errors); stable, for programs" },
        status: { type: "integer" },
        message: { type: "string", description: "English text of the code, for people" },
        details: { description: "For a validation failure, the zod issues (path, code, message)" },
        requestId: { type: "string", description: "The X-Request-Id of the call, for support" },
      },
    },
  },
} as const;

/** The rate-limit headers (IETF draft 7 of express-rate-limit and the per-principal limit). */
export const RATE_LIMIT_HEADERS = {
  RateLimit: {
    description: "What is left of the current window: `limit=…, remaining=…, reset=…` (seconds)",
    schema: { type: "string" },
  },
  "RateLimit-Policy": { description: "The limit that applies: `<limit>;w=<window seconds>`", schema: { type: "string" } },
} as const;

/** What a write with an Idempotency-Key can meet: a malformed key, a repeat still running, a key reused for another request. */
const IDEMPOTENCY_CODES: readonly CatalogueCode[] = ["idempotencyKeyInvalid", "idempotencyKeyInFlight", "idempotencyKeyReused"];

const ENVELOPE = { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } };

/**
 * The catalogue codes carrying the action prefix and an error status (`teamCreate409`, not
 * `teamCreateX`), less the SPEC codes the server never sends (shared/errors/spec.ts).
 */
function actionCodes(action: string): CatalogueCode[] {
  return CATALOGUE_CODES.filter(
    (code) =>
      code.startsWith(action) && /^\d+$/.test(code.slice(action.length)) && entryFor(code).status >= 400 && !SPEC_CODES_NOT_SENT.has(code),
  );
}

/** Authenticated writes take an `Idempotency-Key` (IETF httpapi draft): a repeat replays the first answer. */
export function acceptsIdempotencyKey(route: RouteInfo): boolean {
  return route.kind !== "public" && ["post", "put", "delete"].includes(route.method);
}

/** Every catalogue code the route can answer with, generic ones first. */
export function errorCodesOf(route: RouteInfo): CatalogueCode[] {
  const codes = new Set<CatalogueCode>();
  const hasPathParams = route.path.includes(":");
  const hasBody = route.rawBody !== undefined || route.validation?.source === "body";
  if (route.validation || route.rawBody) codes.add(route.describes?.invalid ?? "badParameters");
  if (route.kind !== "public") codes.add("unauthorized");
  if (route.kind === "admin") codes.add("forbidden");
  if (route.kind === "admin") codes.add(route.describes?.permission === "never" ? "tokenNotAllowed" : "tokenPermission");
  if (route.describes?.reauth) codes.add("reauthRequired");
  if (acceptsIdempotencyKey(route)) for (const code of IDEMPOTENCY_CODES) codes.add(code);
  if (hasPathParams) codes.add("notFound");
  if (hasBody) codes.add("payloadTooLarge");
  codes.add("tooManyRequests");
  for (const code of route.describes?.codes ?? []) codes.add(code);
  for (const code of route.describes?.action ? actionCodes(route.describes.action) : []) codes.add(code);
  return [...codes];
}

/** The `responses` entries of the route's error answers, one per status, plus `default`. */
export function errorResponsesOf(route: RouteInfo): Record<string, unknown> {
  const byStatus = new Map<number, CatalogueCode[]>();
  for (const code of errorCodesOf(route)) {
    const status = entryFor(code).status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: codes.map((c) => `\`${c}\`: ${entryFor(c).en}`).join("; "),
      "x-error-codes": codes,
      ...(status === 429
        ? {
            headers: {
              ...RATE_LIMIT_HEADERS,
              "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer", minimum: 0 } },
            },
          }
        : {}),
      content: ENVELOPE,
    };
  }
  out.default = { description: "Any other failure (a 5xx): the error envelope", content: ENVELOPE };
  return out;
}
