import type { ErrorRequestHandler, Request, Response } from "express";
import type { ReactElement } from "react";
import { languages, defaultLanguage } from "../../shared/limits";
import { AppLayout, type AppLayoutProps } from "../../client/components/layout/AppLayout";
import { PublicLayout } from "../../client/components/layout/PublicLayout";
import { NotFoundPage } from "../../client/pages/NotFoundPage";
import { ForbiddenPage } from "../../client/pages/ForbiddenPage";
import { ErrorPage, type ErrorPageKind } from "../../client/pages/ErrorPage";
import type { SessionAdmin } from "../services/access";
import { AppError } from "../errors";
import { clientErrorStatus } from "../http/errors";
import { DatabaseBusyError, isTransientConflict } from "../db/errors";
import { isDatabaseUnavailable } from "../db/unavailable";
import { sendUnavailablePage } from "./unavailable";
import { renderDocument } from "./document";
import { makeTranslate } from "./translate";
import type { PageDeps } from "./deps";
import { requestIdText } from "../http/request-id";
import { contentionAnswers } from "../lib/metrics";

/** A console language. */
export type Lang = (typeof languages)[number];

/** True for one of the console's languages. */
export const isLang = (value: string): value is Lang => (languages as readonly string[]).includes(value);

/** The signed-in admin of this request, when the session named one. */
export function sessionAdmin(res: Response): SessionAdmin | null {
  return (res.locals.admin as SessionAdmin | undefined) ?? null;
}

/** The ways a page answers: a public page, a page inside the console's layout, and the status pages. */
export interface PageRenderers {
  renderPublic: (
    res: Response,
    status: number,
    lang: Lang,
    titleKey: string,
    body: ReactElement,
    hrefs: Record<string, string> | null,
    banner?: string,
  ) => void;
  renderInLayout: (
    req: Request,
    res: Response,
    status: number,
    admin: SessionAdmin,
    titleKey: string,
    body: ReactElement | null,
    titleVars?: Record<string, string>,
    notice?: string,
  ) => void;
  renderNotFound: (req: Request, res: Response) => void;
  /** A status page inside the layout for a signed-in admin, else in the public frame (English). */
  renderStatus: (req: Request, res: Response, status: number, titleKey: string, body: (homeHref: string) => ReactElement) => void;
}

/** Builds the renderers over the app's assets and translations (one set per app). */
export function pageRenderers(deps: Pick<PageDeps, "assets" | "i18n" | "edition">): PageRenderers {
  const send = (res: Response, status: number, title: string, lang: string, element: ReactElement) => {
    const html = renderDocument({
      element,
      title: `${title} · Bulwark`,
      lang,
      nonce: res.locals.cspNonce as string,
      assets: deps.assets,
      i18n: deps.i18n,
    });
    res.status(status).type("html").set("Cache-Control", "no-store").send(html);
  };
  const renderers: PageRenderers = {
    renderPublic(res, status, lang, titleKey, body, hrefs, banner) {
      const title = makeTranslate(deps.i18n, lang)(titleKey);
      send(
        res,
        status,
        title,
        lang,
        <PublicLayout title={title} lang={lang} languageHrefs={hrefs} banner={banner}>
          {body}
        </PublicLayout>,
      );
    },
    renderInLayout(req, res, status, admin, titleKey, body, titleVars, notice) {
      const lang = isLang(admin.lang) ? admin.lang : defaultLanguage;
      const title = makeTranslate(deps.i18n, lang)(titleKey, titleVars);
      send(
        res,
        status,
        title,
        lang,
        <AppLayout
          title={title}
          admin={admin}
          edition={deps.edition}
          currentPath={req.path}
          csrfToken={req.session?.csrfToken ?? ""}
          notice={notice}
          mfaPolicy={res.locals.mfaPolicy as AppLayoutProps["mfaPolicy"]}
        >
          {body}
        </AppLayout>,
      );
    },
    renderStatus(req, res, status, titleKey, body) {
      const admin = sessionAdmin(res);
      if (admin) return renderers.renderInLayout(req, res, status, admin, titleKey, body("/dashboard"));
      renderers.renderPublic(res, status, defaultLanguage, titleKey, body(`/signin/${defaultLanguage}`), null);
    },
    renderNotFound(req, res) {
      renderers.renderStatus(req, res, 404, "pages:titles.notFound", (home) => <NotFoundPage homeHref={home} />);
    },
  };
  return renderers;
}

/**
 * The last handler of the pages: a localized status page, never a stack or a bare "Internal
 * Server Error". Not found and forbidden show their pages; a request the server cannot read (a
 * malformed path or body, 4xx) a "bad request" page; a database that cannot serve (down, hanging,
 * or contention past the retries) the localized 503 page; anything else is logged at error level and
 * shows a "something went wrong" page with the request id.
 */
export function pageErrorHandler(deps: Pick<PageDeps, "assets" | "i18n" | "edition" | "logger">): ErrorRequestHandler {
  const renderers = pageRenderers(deps);
  const render = (error: unknown, req: Request, res: Response) => {
    if (isDatabaseUnavailable(error) || error instanceof DatabaseBusyError || isTransientConflict(error)) {
      deps.logger.warn({ err: error, reqId: req.id }, "database unavailable");
      if (!isDatabaseUnavailable(error)) contentionAnswers.inc();
      return sendUnavailablePage(deps, req, res);
    }
    const status = error instanceof AppError ? error.status : (clientErrorStatus(error) ?? 500);
    if (status === 404) return renderers.renderNotFound(req, res);
    if (status === 403) return renderers.renderStatus(req, res, 403, "pages:titles.forbidden", () => <ForbiddenPage />);
    if (status >= 400 && status < 500) {
      const kind: ErrorPageKind = status === 413 ? "tooLarge" : "badRequest";
      return renderers.renderStatus(req, res, status, "pages:titles.badRequest", (home) => (
        <ErrorPage status={status} kind={kind} homeHref={home} />
      ));
    }
    deps.logger.error({ err: error, reqId: req.id }, "page failed");
    renderers.renderStatus(req, res, 500, "pages:titles.serverError", (home) => (
      <ErrorPage status={500} kind="serverError" requestId={requestIdText(req)} homeHref={home} />
    ));
  };
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    try {
      render(error, req, res);
    } catch (failure) {
      // The status page itself failed (e.g. the layout): a bare answer, the details in the log.
      deps.logger.error({ err: failure, reqId: req.id }, "status page failed");
      if (!res.headersSent)
        res
          .status(500)
          .type("text/plain")
          .send(`Error 500 (request ${requestIdText(req)})`);
    }
  };
}
