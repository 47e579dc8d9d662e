import express, { Router, type Request, type Response, type NextFunction } from "express";
import { canAccess, navItemForPath } from "../../shared/domain/navigation";
import { languages, defaultLanguage } from "../../shared/limits";
import { SignInPage } from "../../client/pages/public/SignInPage";
import { SignUpPage } from "../../client/pages/public/SignUpPage";
import { ForgotPasswordPage } from "../../client/pages/public/ForgotPasswordPage";
import { NewPasswordPage, newPasswordTitleKey } from "../../client/pages/public/NewPasswordPage";
import type { NewPasswordFlow } from "../../client/islands/NewPasswordForm";
import { ForbiddenPage } from "../../client/pages/ForbiddenPage";
import { findSessionAdmin, type SessionAdmin } from "../services/access";
import { enrolmentState } from "../services/mfa";
import { readSettings } from "../services/settings";
import { tokenAdminUsername, tokenPurpose, tokenState } from "../services/identity";
import { requireCsrf } from "../http/csrf";
import { sessionCookieName } from "../http/session";
import { makeTranslate } from "./translate";
import type { PageDeps } from "./deps";
import { PROTECTED_PAGES, PUBLIC_LANG_PAGES, REDIRECTS } from "./routes";
import { browserSignInRouter } from "./signin";
import { safeNextPath } from "./next-path";
import { TIMEZONES } from "./timezones";
import { PAGE_LOADERS } from "./sections";
import { AppError } from "../errors";
import { wellFormedPath } from "../http/errors";
import { isLang, pageRenderers, sessionAdmin, type Lang } from "./render";

/** The paths of a public page in every language, for the switcher. */
function languageHrefs(build: (lang: Lang) => string): Record<string, string> {
  return Object.fromEntries(languages.map((l) => [l, build(l)]));
}

/**
 * The MFA policy on pages (issue #29): an admin who must set up a factor and is past the grace
 * period is sent from every console page to their own profile's two-step verification section
 * (answers true: redirected); within the grace period, and on that page, the layout shows a banner.
 */
async function enforceMfaPolicy(deps: PageDeps, req: Request, res: Response, admin: SessionAdmin): Promise<boolean> {
  const state = await enrolmentState(deps.services, admin);
  if (state.kind === "none") return false;
  const profile = `/admins/profile/${encodeURIComponent(admin.uid)}`;
  if (state.kind === "required" && req.path !== profile) {
    res.redirect(302, `${profile}#mfa`);
    return true;
  }
  const notice =
    state.kind === "grace" ? { kind: "grace" as const, until: new Date(state.until).toISOString() } : { kind: "required" as const };
  res.locals.mfaPolicy = { notice, href: `${profile}#mfa`, timezone: admin.timezone };
  return false;
}

/** Builds the page routes of SPEC §2: public pages by language, protected pages inside the layout. */
export function pagesRouter(deps: PageDeps): Router {
  const router = Router({ caseSensitive: true });
  const db = deps.services.db;
  const { renderPublic, renderInLayout, renderNotFound } = pageRenderers(deps);

  // Every page knows who is signed in; a session whose admin is gone or revoked ends here.
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const { adminId, tokenVersion } = req.session ?? {};
    if (adminId === undefined || tokenVersion === undefined) return next();
    const admin = await findSessionAdmin(db, adminId, tokenVersion);
    if (admin) res.locals.admin = admin;
    else await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    next();
  });
  // A path no router can decode (`/signin/%ff`) is a 400 page, before any parameter is read.
  router.use(wellFormedPath);

  for (const [from, to] of Object.entries(REDIRECTS)) router.get(from, (_req, res) => res.redirect(302, to));

  router.use(browserSignInRouter(deps.services, deps.logger));
  for (const page of PUBLIC_LANG_PAGES) {
    router.get(`/${page}/:lang`, async (req, res) => {
      const lang = req.params.lang;
      if (!isLang(lang)) return res.redirect(302, `/${page}/${defaultLanguage}`);
      if (page === "signin" && sessionAdmin(res)) return res.redirect(302, safeNextPath(req.query.next) ?? "/dashboard");
      const hrefs = languageHrefs((l) => `/${page}/${l}`);
      const { general } = await readSettings(db);
      if (page === "signin") {
        const next = safeNextPath(req.query.next);
        return renderPublic(
          res,
          200,
          lang,
          "auth:signin.title",
          <SignInPage lang={lang} next={next} registrationEnabled={general.registrationEnabled} />,
          hrefs,
          general.warningBanner[lang],
        );
      }
      if (page === "signup") {
        return renderPublic(
          res,
          200,
          lang,
          "auth:signup.title",
          <SignUpPage lang={lang} captcha={deps.captcha} timezones={[...TIMEZONES]} registrationEnabled={general.registrationEnabled} />,
          hrefs,
          general.warningBanner[lang],
        );
      }
      return renderPublic(res, 200, lang, "auth:forgot.title", <ForgotPasswordPage lang={lang} />, hrefs);
    });
  }
  for (const mode of ["verify", "reset"] as const) {
    router.get(`/${mode}/:lang/:token`, async (req, res) => {
      const { lang, token } = req.params;
      if (!isLang(lang)) return res.redirect(302, `/${mode}/${defaultLanguage}/${encodeURIComponent(token)}`);
      res.set("Referrer-Policy", "no-referrer");
      const hrefs = languageHrefs((l) => `/${mode}/${l}/${encodeURIComponent(token)}`);
      // An invitation's link opens /reset (the confirm call completes it) but reads as activation.
      const flow: NewPasswordFlow =
        mode === "verify" ? "activate" : (await tokenPurpose(db, "admin", token)) === "admin_invite" ? "invite" : "reset";
      // A used, unknown or expired link says so when opened (404 / 410), not only on submit.
      const purposes = mode === "verify" ? (["verify", "setup"] as const) : (["reset", "admin_invite"] as const);
      const state = await tokenState(db, "admin", token, purposes);
      const problem = state === "valid" ? undefined : state;
      const status = problem === "expired" ? 410 : problem === "invalid" ? 404 : 200;
      // The page names the account the link activates (or resets), before and after.
      const account = problem ? null : await tokenAdminUsername(db, token, purposes);
      renderPublic(
        res,
        status,
        lang,
        newPasswordTitleKey(flow),
        <NewPasswordPage lang={lang} flow={flow} problem={problem} account={account} />,
        hrefs,
      );
    });
  }

  router.get(["/404", "/status/404"], renderNotFound);

  for (const page of PROTECTED_PAGES) {
    router.get(page.path, async (req, res) => {
      const admin = sessionAdmin(res);
      if (!admin) return res.redirect(302, `/signin/${defaultLanguage}?next=${encodeURIComponent(req.originalUrl)}`);
      if (await enforceMfaPolicy(deps, req, res, admin)) return;
      const item = navItemForPath(req.path, deps.edition);
      if (item && !canAccess(item.access, admin.role, deps.edition)) {
        return renderInLayout(req, res, 403, admin, "pages:titles.forbidden", <ForbiddenPage />);
      }
      const loader = PAGE_LOADERS[page.path];
      if (!loader) return renderInLayout(req, res, 200, admin, page.titleKey(deps.edition), null);
      const lang = isLang(admin.lang) ? admin.lang : defaultLanguage;
      try {
        const result = await loader({
          req,
          admin,
          services: deps.services,
          edition: deps.edition,
          lang,
          t: makeTranslate(deps.i18n, lang),
          csrfToken: req.session.csrfToken ?? "",
        });
        renderInLayout(req, res, result.status ?? 200, admin, result.titleKey, result.body, result.titleVars, result.notice);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return renderNotFound(req, res);
        if (error instanceof AppError && error.status === 403)
          return renderInLayout(req, res, 403, admin, "pages:titles.forbidden", <ForbiddenPage />);
        throw error;
      }
    });
  }

  router.post("/signout", express.urlencoded({ extended: false, limit: "4kb" }), requireCsrf, (req, res, next) => {
    const lang = sessionAdmin(res)?.lang ?? defaultLanguage;
    const done = () => {
      res.clearCookie(sessionCookieName(deps.services.config.secureCookies), { path: "/" });
      res.redirect(303, `/signin/${isLang(lang) ? lang : defaultLanguage}`);
    };
    // Without the session cookie there is no session to end (requireCsrf refuses that case first).
    if (!req.session) return done();
    req.session.destroy((error) => (error ? next(error) : done()));
  });

  router.use(renderNotFound);
  return router;
}
