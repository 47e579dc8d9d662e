import type { PageLoaders } from "./types";
import { ownProfilePage } from "./profile";

/**
 * Every signed-in page that has content, by route path. A path not listed here renders its title
 * in the layout only (its feature arrives with a later issue). Section modules add their maps.
 */
export const PAGE_LOADERS: PageLoaders = {
  "/admins/profile/:queryUID": (ctx) => (ctx.req.params.queryUID === ctx.admin.uid ? ownProfilePage(ctx) : Promise.resolve({ titleKey: "pages:titles.adminProfile", body: null })),
};
