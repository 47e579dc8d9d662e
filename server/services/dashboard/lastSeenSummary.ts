/**
 * The dashboard's last-seen groups from a summary the housekeeping refreshes (migration
 * 0023_last_seen_summary, docs/DECISIONS.md "#28 — last-seen summary"): counting them per page
 * view read most of the users index at a million users. Per team (0: every team) and per
 * 15-minute UTC slot of the last 38 days that saw someone, the users last seen at or after the
 * slot. Every zone's local midnight today is a whole quarter hour in UTC, so the groups of any
 * admin's zone are lookups of the first slot at or after each boundary.
 */
import { sql, type Kysely } from "kysely";
import type { TimeGroupBoundaries } from "../../../shared/domain/timeGroups";
import type { Database } from "../../db/types";

/** The summary's resolution: the finest step of a UTC offset (Nepal +05:45, Chatham +12:45). */
export const LAST_SEEN_SLOT_MS = 15 * 60_000;
/** How often the housekeeping counts it again (the dashboard shows its age). */
export const LAST_SEEN_REFRESH_MS = 15 * 60_000;
/**
 * Past this age the dashboard counts the users itself again (the housekeeping has stopped: a
 * process without it, or a failing database); well under the day the 38-day window allows.
 */
export const LAST_SEEN_MAX_AGE_MS = 2 * 3_600_000;
/** This month reaches back 31 days and this week 6 more before the 1st; one day of margin. */
const WINDOW_MS = 38 * 86_400_000;

/** When the summary was last counted, or null before its first refresh. */
export async function lastSeenSummaryAge(db: Kysely<Database>): Promise<number | null> {
  const row = await db.selectFrom("lastSeenSummaryState").select("refreshedAt").where("id", "=", 1).executeTakeFirst();
  return row === undefined ? null : Number(row.refreshedAt);
}

/**
 * Counts the summary again from the users (one statement: a range of the last-seen index grouped
 * by team and slot, plus every team's sum, made cumulative by a window function) and stamps it,
 * in one transaction. The state row is written first, so a second process refreshing at the same
 * moment waits for this one and then redoes it on the committed rows.
 */
export async function refreshLastSeenSummary(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const from = Math.floor((now - WINDOW_MS) / LAST_SEEN_SLOT_MS) * LAST_SEEN_SLOT_MS;
  const slot = sql.lit(LAST_SEEN_SLOT_MS);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("lastSeenSummaryState")
      .values({ id: 1, refreshedAt: now })
      .onConflict((oc) => oc.column("id").doUpdateSet({ refreshedAt: now }))
      .execute();
    await trx.deleteFrom("lastSeenSummary").execute();
    await sql`insert into last_seen_summary (team_id, slot, seen_since)
      with per_team as (
        select team_id, (last_seen_at / ${slot}) * ${slot} as slot, count(*) as n
        from users where last_seen_at >= ${from} group by team_id, (last_seen_at / ${slot}) * ${slot}),
      every_team as (select team_id, slot, n from per_team union all select 0, slot, sum(n) from per_team group by slot)
      select team_id, slot, sum(n) over (partition by team_id order by slot desc rows between unbounded preceding and current row)
      from every_team`.execute(trx);
  });
}

/** Refreshes the summary when it is missing or older than LAST_SEEN_REFRESH_MS; whether it did. */
export async function refreshLastSeenSummaryIfDue(db: Kysely<Database>, now = Date.now()): Promise<boolean> {
  const refreshed = await lastSeenSummaryAge(db);
  if (refreshed !== null && now - refreshed < LAST_SEEN_REFRESH_MS && refreshed <= now) return false;
  await refreshLastSeenSummary(db, now);
  return true;
}

/** Today, this week and this month from the summary, and when it was counted. */
export interface SummarizedLastSeen {
  today: number;
  thisWeek: number;
  thisMonth: number;
  asOf: number;
}

/**
 * The groups of `bounds` for the given teams (null: every team) from the summary, or null when
 * there is none younger than LAST_SEEN_MAX_AGE_MS (the caller counts the users then). One
 * statement of 3 indexed lookups per team (root: team 0's three).
 */
export async function summarizedLastSeen(
  db: Kysely<Database>,
  teamIds: readonly number[] | null,
  bounds: TimeGroupBoundaries,
  now = Date.now(),
): Promise<SummarizedLastSeen | null> {
  const asOf = await lastSeenSummaryAge(db);
  if (asOf === null || now - asOf > LAST_SEEN_MAX_AGE_MS) return null;
  const teams = teamIds ?? [0];
  if (teams.length === 0) return { today: 0, thisWeek: 0, thisMonth: 0, asOf };
  const marks = [bounds.startOfToday, bounds.startOfWeek, Math.min(bounds.startOfMonth, bounds.startOfWeek)];
  const lookups = teams.flatMap((teamId, t) =>
    marks.map((mark, m) =>
      db
        .selectFrom("lastSeenSummary")
        .select("seenSince")
        .where("teamId", "=", teamId)
        .where("slot", ">=", mark)
        .orderBy("slot")
        .limit(1)
        .as(`q${t}m${m}`),
    ),
  );
  const row = (await db.selectNoFrom(lookups).executeTakeFirstOrThrow()) as Record<string, number | string | null>;
  const seenSince = marks.map((_, m) => teams.reduce((sum, _team, t) => sum + Number(row[`q${t}m${m}`] ?? 0), 0));
  const [sinceToday = 0, sinceWeek = 0, sinceMonth = 0] = seenSince;
  return { today: sinceToday, thisWeek: sinceWeek - sinceToday, thisMonth: sinceMonth - sinceWeek, asOf };
}
