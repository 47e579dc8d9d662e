import { TokensPage } from "../../../client/pages/tokens/TokensPage";
import { isUid } from "../../../shared/schemas/primitives";
import { loadScope } from "../../services/access";
import { listAccessTokens } from "../../services/accessTokens";
import { readSettings } from "../../services/settings";
import { presentTokenList } from "../../api/tokens/present";
import type { PageContext, PageLoaders, PageResult } from "./types";

/** The companies a new token may name: the admin's own; root's: every company (by name, at most 500 shown). */
async function teamChoices({ services, admin }: PageContext, teamIds: ReadonlySet<number>) {
  const query = services.db.selectFrom("teams").select(["slug", "teamName", "id"]).orderBy("teamName").limit(500);
  const rows =
    admin.role === "root" ? await query.execute() : teamIds.size === 0 ? [] : await query.where("id", "in", [...teamIds]).execute();
  return rows.map(({ slug, teamName }) => ({ slug, teamName }));
}

/** API tokens (/tokens): the signed-in admin's tokens, or (root, `?admin=uid`) another admin's. */
async function tokensPage(ctx: PageContext): Promise<PageResult> {
  const { services, admin, req, csrfToken } = ctx;
  const scope = await loadScope(services.db, admin);
  const asked = typeof req.query.admin === "string" && isUid(req.query.admin) ? req.query.admin : undefined;
  const items = presentTokenList(await listAccessTokens(services, scope, asked)).items;
  const self = asked === undefined || asked === admin.uid;
  const owner = self
    ? { uid: admin.uid, username: admin.username, self }
    : { ...(await services.db.selectFrom("admins").select(["uid", "username"]).where("uid", "=", asked).executeTakeFirstOrThrow()), self };
  const { security } = await readSettings(services.db);
  return {
    titleKey: "pages:titles.tokens",
    body: (
      <TokensPage
        items={items}
        owner={owner}
        maxDays={security.accessTokenMaxDays}
        noExpiry={security.accessTokenNoExpiry}
        teams={self ? await teamChoices(ctx, scope.teamIds) : []}
        timezone={admin.timezone}
        csrfToken={csrfToken}
      />
    ),
  };
}

/** The tokens page by route path. */
export const tokenPages: PageLoaders = { "/tokens": tokensPage };
