/**
 * The user and device shapes of docs/API.md ("Users and devices") under the names the console
 * pages and islands use. They are the shared API types (shared/api/users.ts), which the services
 * produce and the CLI parses, so server, islands and CLI cannot drift apart.
 */
import type { TeamRef } from "../../../shared/api/responses";
import type { DeviceWipeState, UserDetails, UserDevice, UserListItem, UserListResponse } from "../../../shared/api/users";
import type { BulkFailure } from "../../../shared/schemas/list";
import type { UserListQuery } from "../../../shared/schemas/user";

/** A team (company) as a filter choice, a move target or a user's team. */
export type TeamOption = TeamRef;

/** One row of `GET /v2/users`. */
export type { UserListItem, UserDevice };

/** A page of `GET /v2/users`: `nextCursor` is null on the last page. */
export type UserListPage = UserListResponse;

/** The query of the users list, as `UserListQuerySchema` produces it (defaults filled in). */
export type UsersQuery = UserListQuery;

/** A device's remote-wipe state. */
export type DeviceWipe = DeviceWipeState;

/** A device's last known location. */
export type DeviceLocation = NonNullable<UserDevice["location"]>;

/** `GET /v2/user/:uid`: a user with their devices. */
export type UserDetail = UserDetails;

/** A bulk action of the users list (DESIGN §3 bulk calls). */
export type BulkAction = "block" | "activate" | "move" | "delete";

/** What a finished bulk call reports: the action, its target and per-item results. */
export interface BulkOutcome {
  action: BulkAction;
  team: TeamOption | null;
  ok: string[];
  failed: BulkFailure[];
}
