import { TeamCreatePage } from "../../../client/pages/teams/TeamCreatePage";
import { TeamProfilePage } from "../../../client/pages/teams/TeamProfilePage";
import { TeamsListPage } from "../../../client/pages/teams/TeamsListPage";
import { listLimit } from "../../../shared/limits";
import { TeamListQuerySchema } from "../../../shared/schemas/team";
import { presentTeam, presentTeamList } from "../../api/teams/present";
import { AppError } from "../../errors";
import { loadScope } from "../../services/access";
import { listTeams, readTeam } from "../../services/teams";
import { TIMEZONES } from "../timezones";
import { listQueryFromUrl, readListPage } from "./listPage";
import { teamDomainsView } from "../../services/domains";
import { readSettings } from "../../services/settings";
import { teamOverrides } from "../../services/settings";
import { presentGroup, presentTeamOverrides } from "../../api/settings/present";
import type { PageContext, PageLoaders, PageResult } from "./types";

/** The parameters of a /teams address (listQueryFromUrl: a page never answers 400). */
const LIST_PARAMS = ["search", "sort", "order", "limit", "cursor"] as const;

const flag = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** /teams: the teams in the admin's scope, searched, sorted and paged by links. */
async function teamsListPage({ req, admin, services, t }: PageContext): Promise<PageResult> {
  const scope = await loadScope(services.db, admin);
  const query = listQueryFromUrl(TeamListQuerySchema, LIST_PARAMS, req.query);
  const list = await readListPage(t, query.cursor, async (cursor) =>
    presentTeamList(await listTeams(services, scope, { ...query, cursor })),
  );
  return {
    titleKey: "pages:titles.teams",
    status: list.status,
    body: (
      <TeamsListPage
        page={list.page}
        query={{
          search: query.search ?? "",
          sort: query.sort,
          order: query.order,
          limit: query.limit,
          defaultLimit: listLimit.default,
          cursor: list.cursor,
        }}
        canCreate={admin.role === "root"}
        timezone={admin.timezone}
        error={list.error}
      />
    ),
    notice: flag(req.query.deleted) ? t("errors:teamDelete200") : undefined,
  };
}

/** /teams/create: root only; an admin gets the access-denied page. */
function teamCreatePage({ admin, csrfToken }: PageContext): Promise<PageResult> {
  if (admin.role !== "root") return Promise.reject(new AppError("teamCreate403"));
  return Promise.resolve({
    titleKey: "pages:titles.teamsCreate",
    body: <TeamCreatePage csrfToken={csrfToken} timezones={[...TIMEZONES]} />,
  });
}

/** /teams/profile/{slug}: a team in the admin's scope; unknown or out of scope is the not-found page. */
async function teamProfilePage({ req, admin, services, csrfToken, t }: PageContext): Promise<PageResult> {
  const scope = await loadScope(services.db, admin);
  const record = await readTeam(services, scope, String(req.params.queryUID ?? ""));
  const team = presentTeam(record);
  const settings = await readSettings(services.db);
  // What an override starts from, secrets masked (a TURN override starts from the system relay's address).
  const systemSettings = {
    general: settings.general,
    messaging: settings.messaging,
    attachments: settings.attachments,
    calling: presentGroup("calling", settings.calling),
    security: settings.security,
  };
  const notice = flag(req.query.created) ? t("errors:teamCreate200") : flag(req.query.updated) ? t("errors:teamEdit200") : undefined;
  return {
    titleKey: "pages:titles.teamProfile",
    body: (
      <TeamProfilePage
        team={team}
        canDelete={admin.role === "root"}
        canEditRootOnly={admin.role === "root"}
        csrfToken={csrfToken}
        timezones={[...TIMEZONES]}
        timezone={admin.timezone}
        domainsView={admin.role === "root" ? await teamDomainsView(services, team.slug, team.teamName) : null}
        overrides={presentTeamOverrides(teamOverrides(settings, JSON.parse(record.team.customSettings || "{}")))}
        systemSettings={systemSettings}
      />
    ),
    notice,
  };
}

/** The team pages of SPEC §2, by route path. */
export const teamPages: PageLoaders = {
  "/teams": teamsListPage,
  "/teams/create": teamCreatePage,
  "/teams/profile/:queryUID": teamProfilePage,
};
