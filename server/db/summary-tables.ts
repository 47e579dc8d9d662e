/**
 * Summaries the housekeeping refreshes (issue #28), declared apart from the tables the services
 * write: the dashboard's last-seen groups (migration 0023_last_seen_summary).
 */
import type { EpochMs } from "./columns";

/**
 * Users last seen at or after a 15-minute UTC slot, per team (team 0: every team), for the slots
 * of the last 38 days that saw someone: cumulative, so a group boundary is one row's lookup.
 */
export interface LastSeenSummaryTable {
  teamId: number;
  slot: EpochMs;
  seenSince: number;
}

/** The one row saying when the summary was counted (absent until its first refresh). */
export interface LastSeenSummaryStateTable {
  id: number;
  refreshedAt: EpochMs;
}
