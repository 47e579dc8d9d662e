import type { Request } from "express";
import type { ReactElement } from "react";
import type { NavEdition } from "../../../shared/domain/navigation";
import type { Translate } from "../../../client/components/render-context";
import type { SessionAdmin } from "../../services/access";
import type { ServiceContext } from "../../lib/context";

/** What a signed-in page's loader gets: the request, who is signed in, and the services. */
export interface PageContext {
  req: Request;
  admin: SessionAdmin;
  services: ServiceContext;
  edition: NavEdition;
  lang: string;
  t: Translate;
  csrfToken: string;
}

/** A loader's answer: the title key (with variables) and the body inside the layout. */
export interface PageResult {
  titleKey: string;
  titleVars?: Record<string, string>;
  body: ReactElement | null;
  status?: number;
  /**
   * A success to show in the page's status region (the outcome of the action that led here, e.g.
   * ?updated=1), so it is the same one region the islands write to.
   */
  notice?: string;
}

/**
 * Loads a signed-in page: calls services directly (DESIGN §1) and returns what to render. An
 * AppError with status 404 or 403 renders the not-found or access-denied page in the layout.
 */
export type PageLoader = (ctx: PageContext) => Promise<PageResult>;

/** Loaders by route path, as in server/pages/routes.ts; each section module exports one map. */
export type PageLoaders = Partial<Record<string, PageLoader>>;
