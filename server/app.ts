import path from "node:path";
import express, { type Express } from "express";
import compression from "compression";
import type { i18n } from "i18next";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/connection";
import { redactUrl, requestLogLevel, type LogPresentation } from "./logger";
import { cspNonce, securityHeaders } from "./http/security";
import { metricsEnabled, metricsEndpoint, requestMetrics } from "./http/metrics";
import { requestId } from "./http/request-id";
import { sessionMiddleware } from "./http/session";
import { startsBrowserSession } from "./pages/signin";
import { apiErrorHandler, apiNotFound, wellFormedPath } from "./http/errors";
import { apiRouter } from "./api/router";
import { keepBodyHash } from "./http/idempotency";
import { pageHandlers, type PageHandlers } from "./pages/entry";
import type { PageDeps } from "./pages/deps";
import type { Assets } from "./pages/assets";
import { RETRY_AFTER_SECONDS } from "./db/unavailable";
import type { MailService } from "./mail/service";
import { CaptchaService } from "./services/identity";
import type { ServiceContext } from "./lib/context";

/** Everything the app is built from; tests pass their own database, logger and assets. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  i18n: i18n;
  assets: Assets;
  mail: MailService;
  /** Development: Vite's middleware serves client sources before the page routes. */
  devMiddleware?: express.RequestHandler;
  /** Development: the page handlers from Vite's SSR module graph (server/dev.ts), so page edits apply without a restart. */
  pages?: (deps: PageDeps) => PageHandlers;
  /** At a terminal: each request's log level (logPresentation); absent: pino-http's default, as for log collectors. */
  requestLogLevel?: LogPresentation["requestLevel"] | undefined;
}

/**
 * Composes the server: headers and logging first, then health checks, static assets, the /v2
 * API and the pages. Builds nothing global, so several apps can live in one test process.
 */
export function createApp(deps: AppDeps): Express {
  const { config, database, logger, i18n, assets, mail } = deps;
  const services: ServiceContext = { db: database.db, config, mail, logger };
  const captcha = new CaptchaService(config.secrets.jwtSecret, database.db);
  const app = express();
  app.disable("x-powered-by");
  // Issue #32: `/RESET/en/<token>` must not reach the reset page (nor be logged as another path).
  // Each Router is made with `{ caseSensitive: true }` too (a test checks the source).
  app.set("case sensitive routing", true);
  app.set("trust proxy", config.trustProxy ?? false);
  app.set("query parser", "simple");
  // Pages and API answers are private and never cached (no-store), so an ETag (a SHA-1 of every
  // body: ~3 % of a 90 KB page) could never be used; static assets send their own.
  app.set("etag", false);

  app.use(
    pinoHttp({
      logger,
      genReqId: requestId,
      ...(deps.requestLogLevel
        ? { customLogLevel: (_req, res, error) => requestLogLevel(deps.requestLogLevel ?? "info", res.statusCode, error) }
        : {}),
      autoLogging: {
        ignore: (req) =>
          req.url === "/healthz" || req.url === "/readyz" || req.url === "/metrics" || (req.url ?? "").startsWith("/assets/"),
      },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(cspNonce);
  app.use(securityHeaders({ development: config.env === "development", secure: config.secureCookies }));
  app.use(compression());
  // Prometheus (README "Metrics"): here with METRICS_TOKEN, on its own listener with METRICS_PORT
  // (main.ts), else 404 like any unknown path. Scrapes are not counted as requests.
  if (config.metrics.token !== undefined && config.metrics.port === undefined) {
    app.get("/metrics", metricsEndpoint({ database, token: config.metrics.token }));
  }
  if (metricsEnabled(config)) app.use(requestMetrics);

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  // Bounded so a silent database fails the check rather than hanging it (Docker's check gives 3 s).
  const readyTimeoutMs = Math.min(config.databaseTimeouts.connectMs || READY_TIMEOUT_MS, READY_TIMEOUT_MS);
  app.get("/readyz", async (_req, res) => {
    try {
      await database.ping(readyTimeoutMs);
      res.json({ status: "ready" });
    } catch (error) {
      logger.warn({ err: error }, "database not reachable");
      res.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS)).json({ status: "unavailable" });
    }
  });

  if (deps.devMiddleware) app.use(deps.devMiddleware);
  else {
    app.use(
      "/assets",
      express.static(path.join(config.rootDir, "dist", "client", "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        fallthrough: false,
      }),
    );
  }

  const sessions = sessionMiddleware({
    db: database.db,
    secret: config.secrets.sessionSecret,
    secure: config.secureCookies,
    startsSession: startsBrowserSession,
  });
  const api = apiRouter({ config, database, i18n, services, captcha });
  // Tests read the registered routes from here (the authorization matrix must cover each one).
  app.locals.apiRouter = api;
  app.use(
    "/v2",
    noStore,
    wellFormedPath,
    express.json({ limit: "1mb", verify: keepBodyHash }),
    sessions,
    api,
    apiNotFound,
    apiErrorHandler(logger),
  );
  const pages = (deps.pages ?? pageHandlers)({ services, i18n, assets, edition: config.edition, captcha: config.captcha, logger });
  app.use(sessions, pages.router);
  app.use(pages.errorHandler);
  return app;
}

/** API answers carry an admin's data: no browser or proxy may keep a copy. */
const noStore: express.RequestHandler = (_req, res, next) => {
  res.set("Cache-Control", "no-store");
  next();
};

/** The longest /readyz waits for the database. */
const READY_TIMEOUT_MS = 2000;
