import { Router } from "express";
import {
  TeamCreateSchema,
  TeamDeleteSchema,
  TeamListQuerySchema,
  TeamSettingsSchema,
  TeamUpdateSchema,
} from "../../../shared/schemas/team";
import { scopeOf } from "../../http/auth";
import { originOf } from "../../http/origin";
import { inputOf, validate } from "../../http/validate";
import { createTeam, deleteTeam, updateTeam, updateTeamSettings } from "../../services/teams";
import { listTeams, readTeam } from "../../services/teams";
import type { ApiDeps } from "../deps";
import { presentTeam, presentTeamListItem } from "./present";

/**
 * Teams (companies), docs/API.md: list and read within the caller's scope, create and delete
 * (root), edit and custom settings (root or an admin of the team).
 */
export function teamsRouter({ services }: ApiDeps): Router {
  const router = Router();
  const { db } = services;

  router.get("/teams", validate(TeamListQuerySchema, "query"), async (_req, res) => {
    const page = await listTeams(db, await scopeOf(res, db), inputOf(res, TeamListQuerySchema));
    res.json({ items: page.items.map(presentTeamListItem), total: page.total, nextCursor: page.nextCursor });
  });

  router.get("/team/:slug", async (req, res) => {
    res.json(presentTeam(await readTeam(db, await scopeOf(res, db), req.params.slug)));
  });

  router.post("/team", validate(TeamCreateSchema), async (req, res) => {
    res.json(presentTeam(await createTeam(services, await scopeOf(res, db), inputOf(res, TeamCreateSchema), originOf(req))));
  });

  router.put("/team", validate(TeamUpdateSchema), async (req, res) => {
    res.json(presentTeam(await updateTeam(services, await scopeOf(res, db), inputOf(res, TeamUpdateSchema), originOf(req))));
  });

  router.delete("/team", validate(TeamDeleteSchema), async (req, res) => {
    await deleteTeam(services, await scopeOf(res, db), inputOf(res, TeamDeleteSchema), originOf(req));
    res.json({ ok: true });
  });

  router.put("/team/settings", validate(TeamSettingsSchema, "body", "teamSettings400"), async (req, res) => {
    res.json(presentTeam(await updateTeamSettings(services, await scopeOf(res, db), inputOf(res, TeamSettingsSchema), originOf(req))));
  });
  return router;
}
