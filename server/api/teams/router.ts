import { Router } from "express";
import {
  TeamCreateSchema,
  TeamDeleteSchema,
  TeamListQuerySchema,
  TeamSettingsSchema,
  TeamUpdateSchema,
} from "../../../shared/schemas/team";
import { OkResponseSchema, TeamDetailsSchema, TeamListResponseSchema } from "../../../shared/api";
import { createTeam, deleteTeam, listTeams, readTeam, updateTeam, updateTeamSettings } from "../../services/teams";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentTeam, presentTeamList } from "./present";

/**
 * Teams (companies), docs/API.md: list and read within the caller's scope, create and delete
 * (root), edit and custom settings (root or an admin of the team).
 */
export function teamsRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Teams", permission: "full" });

  router.get(
    "/teams",
    ...api.admin(
      { query: TeamListQuerySchema, response: TeamListResponseSchema, action: "teamList", summary: "List teams" },
      async ({ services, scope, input }) => presentTeamList(await listTeams(services, scope, input)),
    ),
  );
  router.get(
    "/team/:slug",
    ...api.admin({ response: TeamDetailsSchema, action: "teamRead", summary: "Read a team" }, async ({ services, scope, req }) =>
      presentTeam(await readTeam(services, scope, String(req.params.slug))),
    ),
  );
  router.post(
    "/team",
    api.rootFirstAs("teamCreate403"),
    ...api.admin(
      { body: TeamCreateSchema, response: TeamDetailsSchema, action: "teamCreate", summary: "Create a team" },
      async ({ services, scope, input, origin }) => presentTeam(await createTeam(services, scope, input, origin)),
    ),
  );
  router.put(
    "/team",
    ...api.admin(
      { body: TeamUpdateSchema, response: TeamDetailsSchema, action: "teamEdit", summary: "Edit a team" },
      async ({ services, scope, input, origin }) => presentTeam(await updateTeam(services, scope, input, origin)),
    ),
  );
  router.delete(
    "/team",
    api.rootFirstAs("teamDelete403"),
    ...api.admin(
      { body: TeamDeleteSchema, response: OkResponseSchema, action: "teamDelete", summary: "Delete a team", reauth: true },
      async ({ services, scope, input, origin }) => {
        await deleteTeam(services, scope, input, origin);
      },
    ),
  );
  router.put(
    "/team/settings",
    ...api.admin(
      {
        body: TeamSettingsSchema,
        invalid: "teamSettings400",
        response: TeamDetailsSchema,
        action: "teamSettings",
        summary: "Replace a team's custom settings",
      },
      async ({ services, scope, input, origin }) => presentTeam(await updateTeamSettings(services, scope, input, origin)),
    ),
  );
  return router;
}
