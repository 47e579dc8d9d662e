/**
 * The OpenAPI 3.1 document of /v2, generated from the router itself: every route, the schema it
 * validates its input with, how it authenticates, and what its spec declares (summary, tag, the
 * shared response schema, its action's catalogue codes). It cannot drift from the code it
 * describes; a new route needs only its spec fields.
 */
import type { Router } from "express";
import { APP_VERSION } from "../../../shared/limits";
import { ERROR_ENVELOPE_SCHEMA } from "./errors";
import { operationOf } from "./operations";
import { routesOf } from "./routes";
import { ResponseComponents } from "./schemas";

/** The document as JSON (what GET /v2/openapi.json answers). */
export type OpenApiDocument = Record<string, unknown>;

/** One line per router tag; a tag a router uses but this list lacks is still listed, without text. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Public: "Calls without a credential: public settings, registration, password reset, this document",
  Authentication: "Sign-in: exchanges a username and password for a bearer token",
  Me: "The signed-in administrator: profile, password, termination",
  Dashboard: "Counts and the license gauge of the caller's scope",
  Teams: "Teams (companies): list, read, create, edit, delete, custom settings",
  Admins: "Administrators: root and team-scoped admins, their teams and sign-in locks",
  Users: "Users and their devices, bulk actions and CSV imports",
  Licenses: "License packs: purchase or activation, distribution, seats, prices",
  Invitations: "Invitations to join a team, their review and reminders",
  Domains: "The e-mail domains of each team",
  Associations: "Associations between teams",
  Settings: "System and app settings (root only)",
  "Access log": "Who did what, when and from where",
  Export: "Every list as a CSV or JSON Lines file, with the list's own filters",
  "Service tokens": "Tokens of the communications service (root only)",
  "Access tokens":
    "Named, expiring, revocable credentials an admin creates for scripts and pipelines (bwk_…); managed from a signed-in session only",
  Service: "Calls the communications service makes with its service token",
};

const SECURITY_SCHEMES = {
  bearer: {
    type: "http",
    scheme: "bearer",
    description:
      "`Authorization: Bearer <token>`: the JWT that POST /v2/public/auth returns, or an access token for automation " +
      "(starts with `bwk_`; its permission set limits the calls it may make, see `x-token-permission`).",
  },
  serviceToken: {
    type: "http",
    scheme: "bearer",
    description: "`Authorization: Bearer bws_…`: a service token of the communications service, for /v2/service/* only",
  },
  session: {
    type: "apiKey",
    in: "cookie",
    name: "bulwark.sid",
    description: "The browser session (`__Host-bulwark.sid` over HTTPS); unsafe methods also need the X-CSRF-Token header",
  },
} as const;

const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "A unique key per logical write (IETF httpapi draft): the first answer for (caller, key) is kept for 24 hours and " +
    "replayed for a repeat with the same body (`Idempotent-Replayed: true`); the same key with another body is 422, " +
    "a repeat while the first is still running is 409.",
  schema: { type: "string", minLength: 1 },
};

/** Builds the document from the /v2 router (paths are the router's, prefixed with /v2). */
export function buildOpenApi(router: Router): OpenApiDocument {
  const components = new ResponseComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  const tags: string[] = [];
  for (const route of routesOf(router)) {
    const path = `/v2${route.path.replace(/:(\w+)/g, "{$1}")}`;
    const operation = operationOf(route, components);
    paths[path] = { ...paths[path], [route.method]: operation };
    for (const tag of operation.tags as string[]) if (!tags.includes(tag)) tags.push(tag);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Bulwark API",
      version: APP_VERSION,
      summary: "The administration console's JSON API",
      description:
        "The /v2 API of the Bulwark console: what the browser islands, the `bulwark` CLI and automation use. Errors " +
        "answer the envelope `{ error: { code, status, message } }` with a stable catalogue code; each operation lists " +
        "its codes per status in `x-error-codes`. See docs/API.md.",
      license: { name: "Proprietary", identifier: "LicenseRef-Bulwark-Proprietary" },
    },
    servers: [{ url: "/", description: "The console's own origin (the document is served at /v2/openapi.json)" }],
    security: [{ bearer: [] }, { session: [] }],
    tags: tags.map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      parameters: { IdempotencyKey: IDEMPOTENCY_KEY },
      schemas: { ErrorEnvelope: ERROR_ENVELOPE_SCHEMA, ...components.schemas },
    },
  };
}
