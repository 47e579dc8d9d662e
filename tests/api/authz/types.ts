import type { RoutePermission } from "../../../server/api/handler";
import type { Actor, MatrixFixtures, TokenActor } from "./fixtures";

/** The concrete request a row makes for one actor. */
export interface MatrixRequest {
  url: string;
  body?: unknown;
  /** The body's media type when it is not JSON (a CSV import sends text/csv). */
  type?: string;
}

/**
 * One /v2 endpoint in the authorization matrix. `route` is the Express path as registered under
 * /v2 (e.g. "/team/:slug"); a registered route without a row fails the suite. `request` runs once
 * per actor on fresh fixtures (it may create the objects it acts on). `expect` is the status per
 * actor; `count` (list endpoints) the number of items each actor gets back.
 */
export interface MatrixRow {
  method: "GET" | "POST" | "PUT" | "DELETE";
  route: string;
  request: (f: MatrixFixtures) => MatrixRequest | Promise<MatrixRequest>;
  expect: Record<Actor, number>;
  count?: Partial<Record<Actor, number>>;
  /** Where the list items are in the body, or its text for a non-JSON answer (default: `items`). */
  items?: (body: unknown, text: string) => unknown[];
  /** What an access token needs for this route (set per resource in rows/index.ts; default "full"). */
  permission?: RoutePermission;
  /** A token actor's status (or count) where it differs from what {@link tokenExpectation} derives. */
  tokens?: Partial<Record<TokenActor, number>>;
  tokenCounts?: Partial<Record<TokenActor, number>>;
}

/** Each token actor: whose token (team A's admin or root), its permissions, and whether it is limited to team A. */
export const TOKEN_ACTORS: Record<TokenActor, { owner: "teamAdmin" | "root"; permissions: readonly string[]; limited: boolean }> = {
  tokenRead: { owner: "teamAdmin", permissions: ["read"], limited: false },
  tokenUsers: { owner: "teamAdmin", permissions: ["users"], limited: false },
  tokenInvites: { owner: "teamAdmin", permissions: ["invites"], limited: false },
  tokenLicenses: { owner: "teamAdmin", permissions: ["licenses"], limited: false },
  tokenFull: { owner: "teamAdmin", permissions: ["full"], limited: false },
  rootToken: { owner: "root", permissions: ["full"], limited: false },
  rootTokenLimited: { owner: "root", permissions: ["full"], limited: true },
};

/**
 * The rule every token actor is held to (an override in `row.tokens` where a route answers a
 * limited root token differently from team A's admin): public and service routes answer a token
 * like anyone; `never` routes refuse every token (403); a write needs the route's permission or
 * `full` (else 403); otherwise the token answers as its admin would — team A's admin for their
 * tokens and for a root token limited to team A (it is no root), root for a full root token.
 */
export function tokenExpectation(row: MatrixRow, actor: TokenActor, counts = false): number | undefined {
  const override = counts ? row.tokenCounts?.[actor] : row.tokens?.[actor];
  if (override !== undefined) return override;
  const source: Partial<Record<Actor, number>> = counts ? (row.count ?? {}) : row.expect;
  if (row.expect.root === row.expect.anonymous) return source.anonymous;
  const { owner, permissions, limited } = TOKEN_ACTORS[actor];
  const permission = row.permission ?? "full";
  if (!counts) {
    if (permission === "never") return 403;
    if (row.method !== "GET" && !permissions.includes("full") && !permissions.includes(permission)) return 403;
  } else if (permission === "never" || (row.method !== "GET" && !permissions.includes("full") && !permissions.includes(permission))) {
    return undefined;
  }
  return owner === "root" && !limited ? source.root : source.teamAdmin;
}

/**
 * Shorthand for the common shape: 401 for anonymous and for every dead credential (revoked,
 * blocked, deleted, issued before a password change), then root / team admin / other admin.
 */
export function signedIn(root: number, teamAdmin: number, otherAdmin: number): Record<Actor, number> {
  return { anonymous: 401, revoked: 401, blocked: 401, deleted: 401, passwordChanged: 401, root, teamAdmin, otherAdmin };
}

/** Shorthand for public calls: the same status whoever calls. */
export function everyone(status: number): Record<Actor, number> {
  return {
    anonymous: status,
    revoked: status,
    blocked: status,
    deleted: status,
    passwordChanged: status,
    root: status,
    teamAdmin: status,
    otherAdmin: status,
  };
}
