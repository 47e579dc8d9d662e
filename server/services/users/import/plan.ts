/**
 * Classifying checked import rows (./check) against the database, in bulk (a few chunked queries
 * per batch of rows, never one per row): the team (unknown and out-of-scope alike), existing
 * usernames and aliases (new, changed, unchanged, or not importable), the team's domain
 * white-list, and — for a preview — the team's free seats. Rows come in batches as the file is
 * read (issue #32): a preview classifies each batch and keeps only its counts; `apply` keeps the
 * checked rows (the values, not the text), then classifies them and re-checks seats and domains
 * under the seat lock, batch by batch.
 */
import { setImmediate as yieldToOthers } from "node:timers/promises";
import type { Kysely } from "kysely";
import { usernameAllowed } from "../../../../shared/domain/domains";
import type { ImportRowCode, UserImportRow } from "../../../../shared/schemas/userImport";
import type { Database } from "../../../db/types";
import { domainsOfTeams } from "../../domains";
import { seatsOf } from "../../licenses";
import { teamInScope, type Scope } from "../../access";
import type { PlannedRow } from "./check";

/** The existing user a username names, with what an import compares. */
interface ExistingUser {
  id: number;
  uid: string;
  teamId: number;
  firstName: string;
  lastName: string;
  isEcs: number;
  isSip: number;
  isCellcrypt: number;
}

/** Query parameters per chunk: under every engine's limit. */
const CHUNK = 900;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The teams named by the rows that the caller may import into, by slug. */
async function teamsInScope(db: Kysely<Database>, scope: Scope, slugs: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const part of chunks(slugs)) {
    const rows = await db.selectFrom("teams").select(["id", "slug"]).where("slug", "in", part).execute();
    for (const row of rows) if (teamInScope(scope, row.id)) out.set(row.slug, row.id);
  }
  return out;
}

/** Existing users by username, and the names taken as aliases. */
async function existingNames(
  db: Kysely<Database>,
  usernames: readonly string[],
): Promise<{ users: Map<string, ExistingUser>; aliases: Set<string> }> {
  const users = new Map<string, ExistingUser>();
  const aliases = new Set<string>();
  for (const part of chunks(usernames)) {
    const found = await db
      .selectFrom("users")
      .select(["id", "uid", "username", "teamId", "firstName", "lastName", "isEcs", "isSip", "isCellcrypt"])
      .where("username", "in", part)
      .execute();
    for (const row of found) users.set(row.username, row);
    const taken = await db.selectFrom("userAliases").select("alias").where("alias", "in", part).execute();
    for (const row of taken) aliases.add(row.alias);
    // SQLite answers synchronously: a turn for other requests between chunks.
    await yieldToOthers();
  }
  return { users, aliases };
}

function sameAs(user: ExistingUser, input: UserImportRow): boolean {
  return (
    user.firstName === input.firstName &&
    user.lastName === input.lastName &&
    Boolean(user.isEcs) === input.ecs &&
    Boolean(user.isSip) === input.sip &&
    Boolean(user.isCellcrypt) === input.cellcrypt
  );
}

/** Classifies checked rows in place, batch after batch, in file order (see {@link planner}). */
export type Planner = (rows: PlannedRow[]) => Promise<void>;

/**
 * Classifies checked rows against the database (see the module comment), a batch at a time in
 * file order: the companies, their domains and — with `seats` — their free seats are read once
 * and kept, so new rows beyond a company's free seats (in file order) are `overSeats`, as the
 * import would find them now, whether the file comes in one batch or many.
 */
export function planner(db: Kysely<Database>, scope: Scope, options: { seats: boolean; now: number }): Planner {
  const teams = new Map<string, number | null>();
  const domains = new Map<number, string[]>();
  const free = new Map<number, number>();
  return async (planned) => {
    const candidates = planned.filter((row) => row.kind === "new");
    const unknownSlugs = [...new Set(candidates.map((row) => row.input!.team))].filter((slug) => !teams.has(slug));
    const found = await teamsInScope(db, scope, unknownSlugs);
    for (const slug of unknownSlugs) teams.set(slug, found.get(slug) ?? null);
    const newTeams = [...new Set(found.values())].filter((id) => !domains.has(id));
    const listed = await domainsOfTeams(db, newTeams);
    for (const id of newTeams) domains.set(id, listed.get(id) ?? []);
    const { users, aliases } = await existingNames(
      db,
      candidates.map((row) => row.input!.username),
    );
    for (const row of candidates) classify(scope, row, teams.get(row.input!.team) ?? undefined, users, aliases, domains);
    if (!options.seats) return;
    for (const row of planned) {
      if (row.kind !== "new") continue;
      if (!free.has(row.teamId!)) {
        const seats = await seatsOf(db, row.teamId!, options.now);
        free.set(row.teamId!, seats.capacity - seats.users - seats.invites);
      }
      const left = free.get(row.teamId!)!;
      if (left <= 0) Object.assign(row, { kind: "invalid", code: "overSeats", input: undefined });
      else free.set(row.teamId!, left - 1);
    }
  };
}

/** One candidate row's kind once its company, its username and the company's domains are known. */
function classify(
  scope: Scope,
  row: PlannedRow,
  teamId: number | undefined,
  users: ReadonlyMap<string, ExistingUser>,
  aliases: ReadonlySet<string>,
  domains: ReadonlyMap<number, string[]>,
): void {
  const input = row.input!;
  const existing = users.get(input.username);
  const refuse = (code: ImportRowCode) => Object.assign(row, { kind: "invalid", code, input: undefined });
  if (teamId === undefined) refuse("unknownTeam");
  else if (existing) {
    if (!teamInScope(scope, existing.teamId)) refuse("usernameTaken");
    else if (existing.teamId !== teamId) refuse("otherTeam");
    else
      Object.assign(row, { kind: sameAs(existing, input) ? "unchanged" : "changed", teamId, userId: existing.id, userUid: existing.uid });
  } else if (aliases.has(input.username)) refuse("usernameTaken");
  else if (!usernameAllowed(input.username, domains.get(teamId) ?? [])) refuse("outsideDomains");
  else row.teamId = teamId;
}
