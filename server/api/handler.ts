import type { Request, RequestHandler, Response } from "express";
import type { z } from "zod";
import type { ActionPrefix, CatalogueCode } from "../../shared/errors";
import type { TokenPermission } from "../../shared/schemas/accessToken";
import { authOf, scopeOf, type Authenticated } from "../http/auth";
import { originOf, withPasswordPolicy } from "../http/origin";
import { serviceCallerOf } from "../http/serviceAuth";
import { validate } from "../http/validate";
import type { RequestOrigin, ServiceContext } from "../lib/context";
import { requireRoot, type Scope } from "../services/access";
import { AppError } from "../errors";
import type { ServiceCaller } from "../services/identity";
import { assertRecentVerification, mustEnrol } from "../services/mfa";
import type { ApiDeps } from "./deps";

/** What a handler declares about its input: one zod schema for the body or for the query. */
export interface InputSpec<S extends z.ZodType> {
  body?: S;
  query?: S;
  /** The catalogue code of a validation failure when the call has its own 400 (e.g. `teamSettings400`). */
  invalid?: CatalogueCode;
  /** The answer's schema, the one in `shared/api` the CLI validates with: the OpenAPI document shows it. */
  response?: z.ZodType;
  /** One line saying what the call does, for the OpenAPI document. */
  summary?: string;
  /** The call's action prefix (`teamCreate`): its own catalogue codes (`teamCreate409`) are the 4xx the document lists. */
  action?: ActionPrefix;
  /** Media types of an answer that is not JSON (a CSV export); the document shows them instead of `response`. */
  produces?: readonly string[];
  /** The answer carries an ETag and is 304 (no body) when If-None-Match names it. */
  conditional?: boolean;
  /** The call answers 201 Created (it made a new resource), not 200. */
  created?: boolean;
  /** Catalogue codes the call answers beyond its action's own (`emailDisabled` for a call whose purpose is a mail). */
  codes?: readonly CatalogueCode[];
  /** The call can set a password (`password` / `new_password`): its access-log entries say who checked the policy. */
  setsPassword?: boolean;
  /**
   * What an access token needs to make this call when it is not the router's: `never` for the
   * calls no token may make (its own management, passwords, factors, termination).
   */
  permission?: RoutePermission;
  /**
   * Sudo mode (issue #29): the call is one of the most dangerous, answered only after a recent
   * verification (else 403 `reauthRequired`); a function decides from the validated input (a bulk
   * delete above the threshold). An access token makes it only with `full`.
   */
  reauth?: true | ((input: z.infer<S>) => boolean);
}

/** What an access token needs for a call: one of its permissions, or `never` (sessions only). */
export type RoutePermission = TokenPermission | "never";

/** What every route of one router shares: its OpenAPI tag and the permission its writes need. */
export interface RouterOptions {
  /** The resource's OpenAPI tag ("Users", "Licenses", …). */
  tag: string;
  /** What a token needs for this router's writes; reads need only `read` unless a route says otherwise. */
  permission?: TokenPermission;
}

/** What the OpenAPI generator (and the token check) read off a route's final handler. */
export interface RouteDescription {
  tag: string;
  summary?: string;
  response?: z.ZodType;
  action?: ActionPrefix;
  invalid?: CatalogueCode;
  produces?: readonly string[];
  conditional?: boolean;
  created?: boolean;
  codes?: readonly CatalogueCode[];
  /** The spec's own permission, else the router's (writes); undefined for public and service calls. */
  permission?: RoutePermission;
  /** The call may answer 403 `reauthRequired` (sudo mode). */
  reauth?: boolean;
}

/**
 * Everything a public /v2 handler works with, in one object (Outline's APIContext): the
 * validated input, where the call came from, and the services. `req`/`res` stay reachable for
 * the few calls that set headers or stream.
 */
export interface PublicContext<I> {
  input: I;
  origin: RequestOrigin;
  services: ServiceContext;
  deps: ApiDeps;
  req: Request;
  res: Response;
}

/** A signed-in admin's call: the public context plus the caller and the scope every service takes. */
export interface AdminContext<I> extends PublicContext<I> {
  scope: Scope;
  auth: Authenticated;
}

/** A service-token call (`/v2/service/*`): the public context plus the token's caller. */
export interface ServiceCallContext<I> extends PublicContext<I> {
  caller: ServiceCaller;
}

/**
 * The body a handler returns is sent as JSON; a write that has nothing to say returns nothing and
 * answers `{ ok: true }`. A handler that wrote the response itself (a stream, a 304) is left alone.
 */
function respond(res: Response, body: unknown): void {
  if (res.headersSent || res.writableEnded) return;
  res.json(body === undefined ? { ok: true } : body);
}

function validators<S extends z.ZodType>(spec: InputSpec<S>): RequestHandler[] {
  if (spec.body) return [validate(spec.body, "body", spec.invalid)];
  if (spec.query) return [validate(spec.query, "query", spec.invalid)];
  return [];
}

function publicContext<I>(deps: ApiDeps, req: Request, res: Response, setsPassword = false): PublicContext<I> {
  const origin = setsPassword ? withPasswordPolicy(req, originOf(req), res.locals.input) : originOf(req);
  return { input: res.locals.input as I, origin, services: deps.services, deps, req, res };
}

/** A handler of one of the three kinds: returns the answer's body (or nothing for `{ ok: true }`). */
type Handler<C> = (ctx: C) => unknown;

/** The handler factories of one API instance; every /v2 route is built with one of them. */
export interface Handlers {
  /** A call behind admin authentication: validates, loads the caller's scope once, runs `fn`. */
  admin<S extends z.ZodType>(spec: InputSpec<S>, fn: Handler<AdminContext<z.infer<S>>>): RequestHandler[];
  admin(spec: null, fn: Handler<AdminContext<undefined>>): RequestHandler[];
  /** A public call (sign-in, registration, public settings): no caller, no scope. */
  open<S extends z.ZodType>(spec: InputSpec<S>, fn: Handler<PublicContext<z.infer<S>>>): RequestHandler[];
  open(spec: null, fn: Handler<PublicContext<undefined>>): RequestHandler[];
  /** A call behind a service token. */
  service<S extends z.ZodType>(spec: InputSpec<S>, fn: Handler<ServiceCallContext<z.infer<S>>>): RequestHandler[];
  service(spec: null, fn: Handler<ServiceCallContext<undefined>>): RequestHandler[];
  /** A guard placed before an admin call's validation: a non-root caller gets 403 and learns nothing from the body's rules. */
  rootFirst: RequestHandler;
  /** `rootFirst` answering with the call's own 403 code (the one its service refuses a non-root with), so the code stays stable. */
  rootFirstAs(code: CatalogueCode): RequestHandler;
}

/** Marks a route's final handler with what it is (the OpenAPI generator reads `describes`). */
function described(handler: RequestHandler, options: RouterOptions, spec: InputSpec<z.ZodType> | null, admin: boolean): RequestHandler {
  const describes: RouteDescription = {
    tag: options.tag,
    ...(spec?.summary === undefined ? {} : { summary: spec.summary }),
    ...(spec?.response === undefined ? {} : { response: spec.response }),
    ...(spec?.action === undefined ? {} : { action: spec.action }),
    ...(spec?.invalid === undefined ? {} : { invalid: spec.invalid }),
    ...(spec?.produces === undefined ? {} : { produces: spec.produces }),
    ...(spec?.conditional === undefined ? {} : { conditional: spec.conditional }),
    ...(spec?.created === undefined ? {} : { created: spec.created }),
    ...(spec?.codes === undefined ? {} : { codes: spec.codes }),
    ...(spec?.reauth === undefined ? {} : { reauth: true }),
    ...(admin ? { permission: spec?.permission ?? options.permission ?? "full" } : {}),
  };
  return Object.assign(handler, { describes });
}

/** Methods that only read: any live access token may make them (unless the route is `never`). */
const READ_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

/**
 * Refuses an access-token call the token may not make, before validation (so it learns nothing
 * from the body's rules): `never` routes refuse every token; reads need only a live token; other
 * methods need the route's permission or `full`. Sessions and sign-in JWTs pass untouched.
 */
function tokenGuard(permission: RoutePermission): RequestHandler {
  return (req, res, next) => {
    const { token } = authOf(res);
    if (token) {
      if (permission === "never") throw new AppError("tokenNotAllowed", 403);
      const allowed = READ_METHODS.has(req.method) || token.permissions.includes("full") || token.permissions.includes(permission);
      if (!allowed) throw new AppError("tokenPermission", 403);
    }
    next();
  };
}

/** The calls an admin the MFA policy stops may still make: read themself and set up a factor (issue #29). */
const ENROL_ACTIONS: ReadonlySet<ActionPrefix> = new Set<ActionPrefix>([
  "sessionRead",
  "signout",
  "mfaRead",
  "mfaTotpEnrol",
  "mfaTotpConfirm",
  "mfaPasskeyList",
  "mfaPasskeyOptions",
  "mfaPasskeyAdd",
]);

/**
 * Refuses every other call of an admin who must set up a second factor first (policy on, no
 * factor, grace period over) with 403 `mfaEnrolRequired`, whatever the credential.
 */
function enrolmentGuard(deps: ApiDeps, action: ActionPrefix | undefined): RequestHandler {
  const allowed = action !== undefined && ENROL_ACTIONS.has(action);
  return async (_req, res, next) => {
    if (!allowed && (await mustEnrol(deps.services, authOf(res).admin))) throw new AppError("mfaEnrolRequired");
    next();
  };
}

/**
 * Sudo mode's check of a dangerous call (issue #29 item 5): a session or sign-in JWT needs a recent
 * verification (403 `reauthRequired`); an access token cannot re-authenticate, so it needs `full`
 * (it was created from an MFA-verified session, itself a sudo call).
 */
async function assertSudo(deps: ApiDeps, auth: Authenticated): Promise<void> {
  if (auth.token) {
    if (!auth.token.permissions.includes("full")) throw new AppError("tokenPermission", 403);
    return;
  }
  await assertRecentVerification(deps.services, auth.admin.id, auth.verification);
}

/** Whether this call of the route is a sudo one: always, or as the route decides from its validated input. */
function needsSudo(spec: InputSpec<z.ZodType> | null, input: unknown): boolean {
  const reauth = spec?.reauth;
  return reauth === true || (typeof reauth === "function" && reauth(input));
}

/** Where a token call came from: the request's origin plus the token's name for the access log. */
function adminOrigin(req: Request, res: Response): RequestOrigin {
  const origin = originOf(req);
  const token = (res.locals.auth as Authenticated | undefined)?.token;
  return token ? { ...origin, viaToken: token.name } : origin;
}

/** Builds the handler factories over the API's dependencies (Express 5 forwards rejections to the error handler). */
export function handlers(deps: ApiDeps, options: RouterOptions): Handlers {
  // One implementation behind the overloads: the input is whatever validate() left in res.locals.
  type AnyHandler<C> = (spec: InputSpec<z.ZodType> | null, fn: Handler<C>) => RequestHandler[];
  const factories: {
    admin: AnyHandler<AdminContext<never>>;
    open: AnyHandler<PublicContext<never>>;
    service: AnyHandler<ServiceCallContext<never>>;
    rootFirst: RequestHandler;
    rootFirstAs(code: CatalogueCode): RequestHandler;
  } = {
    rootFirst: async (_req, res, next) => {
      requireRoot(await scopeOf(res, deps.services.db));
      next();
    },
    rootFirstAs: (code) => async (_req, res, next) => {
      requireRoot(await scopeOf(res, deps.services.db), code);
      next();
    },
    admin: (spec, fn) => [
      tokenGuard(spec?.permission ?? options.permission ?? "full"),
      enrolmentGuard(deps, spec?.action),
      ...validators(spec ?? {}),
      described(
        async (req, res) => {
          if (needsSudo(spec, res.locals.input)) await assertSudo(deps, authOf(res));
          const scope = await scopeOf(res, deps.services.db);
          const context = publicContext<never>(deps, req, res, spec?.setsPassword);
          const origin = {
            ...adminOrigin(req, res),
            ...(context.origin.passwordPolicy ? { passwordPolicy: context.origin.passwordPolicy } : {}),
          };
          respond(res, await fn({ ...context, origin, scope, auth: authOf(res) }));
        },
        options,
        spec,
        true,
      ),
    ],
    open: (spec, fn) => [
      ...validators(spec ?? {}),
      described(
        async (req, res) => {
          respond(res, await fn(publicContext(deps, req, res, spec?.setsPassword)));
        },
        options,
        spec,
        false,
      ),
    ],
    service: (spec, fn) => [
      ...validators(spec ?? {}),
      described(
        async (req, res) => {
          respond(res, await fn({ ...publicContext(deps, req, res), caller: serviceCallerOf(res) }));
        },
        options,
        spec,
        false,
      ),
    ],
  };
  return factories as Handlers;
}
