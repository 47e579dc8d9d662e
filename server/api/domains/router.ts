import { Router } from "express";
import { TeamDomainsDeleteSchema, TeamDomainsUpdateSchema } from "../../../shared/schemas/domain";
import { TeamListQuerySchema } from "../../../shared/schemas/team";
import { addTeamDomains, listTeamDomains, removeTeamDomains } from "../../services/domains";
import { DomainsListSchema, TeamDomainsResultSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentDomainsChange, presentTeamDomainsPage } from "./present";

/**
 * Domain white-lists (docs/API.md "Domains"), root only: every team with its domains, add and
 * remove them (the root's password confirms each change).
 */
export function domainsRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Domains", permission: "full" });

  router.get(
    "/domains",
    api.rootFirstAs("domainsList403"),
    ...api.admin(
      { query: TeamListQuerySchema, response: DomainsListSchema, action: "domainsList", summary: "List teams with their domains" },
      async ({ services, scope, input }) => presentTeamDomainsPage(await listTeamDomains(services, scope, input)),
    ),
  );
  router.put(
    "/team/domains",
    api.rootFirstAs("domainsEdit403"),
    ...api.admin(
      { body: TeamDomainsUpdateSchema, response: TeamDomainsResultSchema, action: "domainsEdit", summary: "Add domains to a team" },
      async ({ services, scope, input, origin }) => presentDomainsChange(await addTeamDomains(services, scope, input, origin)),
    ),
  );
  router.delete(
    "/team/domains",
    api.rootFirstAs("domainsDelete403"),
    ...api.admin(
      { body: TeamDomainsDeleteSchema, response: TeamDomainsResultSchema, action: "domainsDelete", summary: "Remove domains from a team" },
      async ({ services, scope, input, origin }) => presentDomainsChange(await removeTeamDomains(services, scope, input, origin)),
    ),
  );
  return router;
}
