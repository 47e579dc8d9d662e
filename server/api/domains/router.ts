import { Router } from "express";
import { TeamDomainsDeleteSchema, TeamDomainsUpdateSchema } from "../../../shared/schemas/domain";
import { TeamListQuerySchema } from "../../../shared/schemas/team";
import { scopeOf } from "../../http/auth";
import { originOf } from "../../http/origin";
import { inputOf, validate } from "../../http/validate";
import { addTeamDomains, listTeamDomains, removeTeamDomains } from "../../services/domains";
import type { ApiDeps } from "../deps";

/**
 * Domain white-lists (docs/API.md "Domains"), root only: every team with its domains, add and
 * remove them (the root's password confirms each change).
 */
export function domainsRouter({ services }: ApiDeps): Router {
  const router = Router();
  const { db } = services;

  router.get("/domains", validate(TeamListQuerySchema, "query"), async (_req, res) => {
    res.json(await listTeamDomains(services, await scopeOf(res, db), inputOf(res, TeamListQuerySchema)));
  });

  router.put("/team/domains", validate(TeamDomainsUpdateSchema), async (req, res) => {
    res.json(await addTeamDomains(services, await scopeOf(res, db), inputOf(res, TeamDomainsUpdateSchema), originOf(req)));
  });

  router.delete("/team/domains", validate(TeamDomainsDeleteSchema), async (req, res) => {
    res.json(await removeTeamDomains(services, await scopeOf(res, db), inputOf(res, TeamDomainsDeleteSchema), originOf(req)));
  });
  return router;
}
