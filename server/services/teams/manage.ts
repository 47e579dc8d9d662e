/**
 * Changing teams (companies): create (root), edit and custom settings (root or an admin of the
 * team), delete (root; only a team without users). Every change is audited in the same
 * transaction. Reads live in teamsQuery.ts.
 */
import type { Transaction } from "kysely";
import type { TeamCreateReq, TeamDeleteReq, TeamSettingsReq, TeamUpdateReq } from "../../../shared/schemas/team";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors";
import { fromFlag, toFlag } from "../../db/flags";
import type { Database, Row, RowUpdate } from "../../db/types";
import { AppError } from "../../errors";
import { checkDiscovery } from "./discovery";
import { CustomSettingsSchema, type CustomSettings } from "../../../shared/schemas/customSettings";
import { V } from "../../../shared/schemas/messages";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { uniqueTeamSlug } from "../identity";
import { actorOf, isRootScope, requireRoot, type Scope } from "../access";
import { findTeamInScope, loadTeamRecord, type TeamRecord } from "./query";
import { runTransaction } from "../../db/transaction";

/** The fields create and edit share, as the schemas parse them (null clears on edit). */
type TeamFieldsInput = Omit<TeamUpdateReq, "slug" | "newSlug">;

/** `""` (a cleared text field) is stored as NULL. */
const orNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value === "" ? null : value);

/**
 * The columns for the fields present in `input`; absent fields are left out (unchanged on edit,
 * the column default on create). Groups (contacts, authentication) are written whole.
 */
function teamColumns(input: TeamFieldsInput): RowUpdate<"teams"> {
  const out: RowUpdate<"teams"> = {};
  if (input.teamName !== undefined) out.teamName = input.teamName;
  if (input.institution !== undefined) out.institution = orNull(input.institution);
  if (input.notes !== undefined) out.notes = orNull(input.notes);
  if (input.city !== undefined) out.city = orNull(input.city);
  if (input.country !== undefined) out.country = orNull(input.country);
  if (input.language !== undefined) out.language = input.language;
  if (input.timezone !== undefined) out.timezone = orNull(input.timezone);
  if (input.customSettings !== undefined) out.customSettings = JSON.stringify(input.customSettings);
  if (input.emailTheme !== undefined) out.emailTheme = input.emailTheme === null ? null : JSON.stringify(input.emailTheme);
  if (input.contactEmail !== undefined) {
    out.contactEmailFinance = orNull(input.contactEmail.finance);
    out.contactEmailOperations = orNull(input.contactEmail.operations);
    out.contactEmailSupport = orNull(input.contactEmail.support);
  }
  const auth = input.authentication;
  if (auth !== undefined) {
    out.authOauthClientId = orNull(auth.oauthClientId);
    out.authAuthority = orNull(auth.authority);
    out.authDiscovery = orNull(auth.discovery);
    out.authVersion = orNull(auth.version);
    out.authTenantId = orNull(auth.tenantId);
    out.authAzureAdSync = toFlag(auth.azureAdSync);
    out.authCertRevocation = auth.certRevocation;
  }
  return out;
}

/** Refuses domains another team already white-lists (`domainTaken`, 409, the taken ones as details). */
async function checkDomainsFree(trx: Transaction<Database>, domains: readonly string[]): Promise<void> {
  if (domains.length === 0) return;
  const taken = await trx
    .selectFrom("teamDomains")
    .select("domain")
    .where("domain", "in", [...domains])
    .execute();
  if (taken.length > 0) throw new AppError("domainTaken", 409, { domains: taken.map((row) => row.domain).sort() });
}

/**
 * Creates a team (root only: `teamCreate403`). The slug is the one given (taken → `teamCreate409`)
 * or derived from the name and made unique. Domains start the team's white-list.
 */
export async function createTeam(ctx: ServiceContext, scope: Scope, input: TeamCreateReq, origin: RequestOrigin): Promise<TeamRecord> {
  requireRoot(scope, "teamCreate403");
  if (input.authentication) await checkDiscovery(input.authentication);
  const now = Date.now();
  try {
    // Each write reads its answer inside its transaction (see runTransaction).
    return await runTransaction(ctx.db, async (trx) => {
      let slug = input.slug;
      if (slug !== undefined) {
        const taken = await trx.selectFrom("teams").select("id").where("slug", "=", slug).executeTakeFirst();
        if (taken) throw new AppError("teamCreate409");
      } else {
        slug = await uniqueTeamSlug(trx, input.teamName);
      }
      const domains = input.domains ?? [];
      await checkDomainsFree(trx, domains);
      const { domains: _domains, slug: _slug, ...fields } = input;
      const row = await trx
        .insertInto("teams")
        .values({ ...teamColumns(fields), slug, teamName: input.teamName, createdAt: now, updatedAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (domains.length > 0) {
        await trx
          .insertInto("teamDomains")
          .values(domains.map((domain) => ({ teamId: row.id, domain, createdAt: now })))
          .execute();
      }
      await recordAccess(
        trx,
        { actor: actorOf(scope), ...origin },
        {
          action: "team.create",
          target: { type: "team", id: row.slug },
          teamId: row.id,
          details: { teamName: row.teamName, ...(domains.length > 0 ? { domains } : {}) },
        },
      );
      return loadTeamRecord(trx, row);
    });
  } catch (error) {
    if (isUniqueViolation(error, "slug")) throw new AppError("teamCreate409");
    if (isUniqueViolation(error, "domain")) throw new AppError("domainTaken");
    throw error;
  }
}

/**
 * The fields of an edit only root may change: the identifier (`newSlug`) and the authentication
 * group (OAuth / Azure AD), since both change how every user of the company signs in or is
 * addressed. Sending them unchanged is not a change.
 */
export const ROOT_ONLY_TEAM_FIELDS = ["newSlug", "authentication"] as const;

/**
 * Refuses (`teamEdit403`) a company admin's edit that changes a root-only field; a value equal to
 * the stored one passes, so a form that sends the whole record still saves the rest.
 */
function checkRootOnlyFields(scope: Scope, input: TeamUpdateReq, current: Row<"teams">): void {
  if (isRootScope(scope)) return;
  const refused: string[] = [];
  if (input.newSlug !== undefined && input.newSlug !== current.slug) refused.push("newSlug");
  if (input.authentication !== undefined && !sameAuthentication(input.authentication, current)) refused.push("authentication");
  if (refused.length > 0) throw new AppError("teamEdit403", 403, { fields: refused });
}

/** Whether an authentication group equals the stored columns (absent and "" equal NULL). */
function sameAuthentication(auth: NonNullable<TeamUpdateReq["authentication"]>, row: Row<"teams">): boolean {
  return (
    orNull(auth.oauthClientId) === row.authOauthClientId &&
    orNull(auth.authority) === row.authAuthority &&
    orNull(auth.discovery) === row.authDiscovery &&
    orNull(auth.version) === row.authVersion &&
    orNull(auth.tenantId) === row.authTenantId &&
    auth.azureAdSync === fromFlag(row.authAzureAdSync) &&
    auth.certRevocation === row.authCertRevocation
  );
}

/**
 * Reads a root's new discovery document before the edit's transaction (a network call must not
 * hold its locks), and only when the discovery address or the authority changes, so a provider
 * that is down does not block edits of the company's other fields. A company admin cannot change
 * the group (checkRootOnlyFields), so their calls never make the server fetch anything.
 */
async function checkChangedDiscovery(ctx: ServiceContext, scope: Scope, input: TeamUpdateReq): Promise<void> {
  const auth = input.authentication;
  if (scope.role !== "root" || !auth?.discovery) return;
  const stored = await ctx.db
    .selectFrom("teams")
    .select(["authDiscovery", "authAuthority"])
    .where("slug", "=", input.slug)
    .executeTakeFirst();
  if (stored && stored.authDiscovery === auth.discovery && stored.authAuthority === (auth.authority ?? null)) return;
  await checkDiscovery(auth);
}

/**
 * Edits the team named by `slug` (root, or an admin of that team; anything else is the same
 * `teamEdit404` as an unknown team). `newSlug` renames it (taken → `teamEdit409`). A company admin
 * may not change the root-only fields (`teamEdit403`, the fields as details).
 */
export async function updateTeam(ctx: ServiceContext, scope: Scope, input: TeamUpdateReq, origin: RequestOrigin): Promise<TeamRecord> {
  await checkChangedDiscovery(ctx, scope, input);
  try {
    return await runTransaction(ctx.db, async (trx) => {
      const current = await findTeamInScope(trx, scope, input.slug, "teamEdit404");
      checkRootOnlyFields(scope, input, current);
      const { slug: _slug, newSlug, ...fields } = input;
      const rename = newSlug !== undefined && newSlug !== current.slug ? newSlug : undefined;
      if (rename !== undefined) {
        const taken = await trx.selectFrom("teams").select("id").where("slug", "=", rename).executeTakeFirst();
        if (taken) throw new AppError("teamEdit409");
      }
      const row = await trx
        .updateTable("teams")
        .set({ ...teamColumns(fields), ...(rename !== undefined ? { slug: rename } : {}), updatedAt: Date.now() })
        .where("id", "=", current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const changed = Object.keys(fields).sort();
      await recordAccess(
        trx,
        { actor: actorOf(scope), ...origin },
        {
          action: "team.update",
          target: { type: "team", id: row.slug },
          teamId: row.id,
          details: { fields: changed, ...(rename !== undefined ? { renamedFrom: current.slug } : {}) },
        },
      );
      return loadTeamRecord(trx, row);
    });
  } catch (error) {
    if (isUniqueViolation(error, "slug")) throw new AppError("teamEdit409");
    throw error;
  }
}

/**
 * The overrides to store: a TURN relay override sent without its password keeps the stored
 * override's (answers never carry it); without one stored, the password is required.
 */
function withStoredTurnPassword(input: TeamSettingsReq["customSettings"], stored: string): CustomSettings {
  const turn = input.calling?.turn;
  if (turn && turn.password === undefined) {
    const previous = CustomSettingsSchema.safeParse(JSON.parse(stored || "{}"));
    const password = previous.success ? previous.data.calling?.turn?.password : undefined;
    if (!password) {
      throw new AppError("teamSettings400", 400, [
        { path: ["customSettings", "calling", "turn", "password"], code: "custom", message: V.required },
      ]);
    }
    return CustomSettingsSchema.parse({ ...input, calling: { ...input.calling, turn: { ...turn, password } } });
  }
  return CustomSettingsSchema.parse(input);
}

/** Replaces a team's custom settings (same scope rule as edit; `teamSettings404`). */
export async function updateTeamSettings(
  ctx: ServiceContext,
  scope: Scope,
  input: TeamSettingsReq,
  origin: RequestOrigin,
): Promise<TeamRecord> {
  return runTransaction(ctx.db, async (trx) => {
    const current = await findTeamInScope(trx, scope, input.slug, "teamSettings404");
    const customSettings = withStoredTurnPassword(input.customSettings, current.customSettings);
    const row = await trx
      .updateTable("teams")
      .set({ customSettings: JSON.stringify(customSettings), updatedAt: Date.now() })
      .where("id", "=", current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      {
        action: "team.settings",
        target: { type: "team", id: row.slug },
        teamId: row.id,
        details: { groups: Object.keys(input.customSettings).sort() },
      },
    );
    return loadTeamRecord(trx, row);
  });
}

/**
 * Deletes a team (root only: `teamDelete403`, decided before any lookup). Unknown → `teamDelete409`
 * (SPEC §8); a team that still has users → `teamDelete422` (they must be moved first). Its domains,
 * admin assignments, association memberships and invites go with it; its license packs return
 * to the undistributed pool. The audit entry keeps the team id in its details, since the
 * team_id column of the log cannot point at a deleted team.
 */
export async function deleteTeam(ctx: ServiceContext, scope: Scope, input: TeamDeleteReq, origin: RequestOrigin): Promise<void> {
  requireRoot(scope, "teamDelete403");
  try {
    await runTransaction(ctx.db, async (trx) => {
      const team = await trx.selectFrom("teams").select(["id", "slug", "teamName"]).where("slug", "=", input.slug).executeTakeFirst();
      if (!team) throw new AppError("teamDelete409");
      const users = await trx
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("teamId", "=", team.id)
        .executeTakeFirstOrThrow();
      if (Number(users.n) > 0) throw new AppError("teamDelete422", 422, { users: Number(users.n) });
      const detached = await trx
        .updateTable("licensePacks")
        .set({ teamId: null, updatedAt: Date.now() })
        .where("teamId", "=", team.id)
        .executeTakeFirst();
      await trx.deleteFrom("teams").where("id", "=", team.id).execute();
      await recordAccess(
        trx,
        { actor: actorOf(scope), ...origin },
        {
          action: "team.delete",
          target: { type: "team", id: team.slug },
          teamId: null,
          details: { teamId: team.id, teamName: team.teamName, detachedLicensePacks: Number(detached.numUpdatedRows) },
        },
      );
    });
  } catch (error) {
    // A user added to the team while it was being deleted (users.team_id is ON DELETE RESTRICT).
    if (isForeignKeyViolation(error)) throw new AppError("teamDelete422");
    throw error;
  }
}
