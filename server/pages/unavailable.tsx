/**
 * The localized 503 page for page routes whose database cannot serve. It needs no
 * database: the language comes from the path (/signin/pt), else Accept-Language.
 */
import type { Request, Response } from "express";
import type { i18n } from "i18next";
import { languages, defaultLanguage } from "../../shared/limits";
import { PublicLayout } from "../../client/components/layout/PublicLayout";
import { UnavailablePage } from "../../client/pages/UnavailablePage";
import { RETRY_AFTER_SECONDS } from "../db/unavailable";
import { renderDocument } from "./document";
import { makeTranslate } from "./translate";
import type { Assets } from "./assets";

function pageLanguage(req: Request): string {
  const fromPath = req.path.split("/").find((segment) => (languages as readonly string[]).includes(segment));
  if (fromPath) return fromPath;
  const accepted = req.acceptsLanguages([...languages]);
  return typeof accepted === "string" ? accepted : defaultLanguage;
}

/** Sends the 503 page with Retry-After; a GET offers to reload the same address, anything else the sign-in page. */
export function sendUnavailablePage(deps: { i18n: i18n; assets: Assets }, req: Request, res: Response): void {
  const lang = pageLanguage(req);
  const title = makeTranslate(deps.i18n, lang)("pages:titles.unavailable");
  const retryHref = req.method === "GET" ? req.originalUrl : `/signin/${lang}`;
  const html = renderDocument({
    element: (
      <PublicLayout title={title} lang={lang} languageHrefs={null}>
        <UnavailablePage retryHref={retryHref} />
      </PublicLayout>
    ),
    title: `${title} · Bulwark`,
    lang,
    nonce: res.locals.cspNonce as string,
    assets: deps.assets,
    i18n: deps.i18n,
  });
  res.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS)).set("Cache-Control", "no-store").type("html").send(html);
}
