import type { ErrorRequestHandler, RequestHandler } from "express";
import type { PageDeps } from "./deps";
import { pagesRouter } from "./router";
import { pageErrorHandler } from "./render";

/** The pages' two handlers: the routes (behind the session middleware) and the last error handler. */
export interface PageHandlers {
  router: RequestHandler;
  errorHandler: ErrorRequestHandler;
}

/**
 * The page render entry: everything the app mounts for pages, built from one module so that
 * development (server/dev.ts) can load it through Vite's SSR module graph and rebuild it after a
 * page edit, without restarting the process. Production imports it directly (no Vite).
 */
export function pageHandlers(deps: PageDeps): PageHandlers {
  return { router: pagesRouter(deps), errorHandler: pageErrorHandler(deps) };
}
