import type { Actor, MatrixFixtures } from "./fixtures";

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
