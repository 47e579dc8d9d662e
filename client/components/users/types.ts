/**
 * The user and device shapes of docs/API.md ("Users and devices") as the console pages and
 * islands render them. Times are ISO 8601 UTC strings; the page loaders pass the services'
 * results straight through, so these mirror the API replies field for field.
 */
import type { UserStatus } from "../../../shared/domain/statuses";
import type { UserListQuery } from "../../../shared/schemas/user";

/** A team (company) as a filter choice, a move target or a user's team. */
export interface TeamOption {
  slug: string;
  teamName: string;
}

/** One row of `GET /v2/users`. */
export interface UserListItem {
  uid: string;
  username: string;
  firstName: string;
  lastName: string;
  team: TeamOption;
  status: UserStatus;
  ecs: boolean;
  sip: boolean;
  cellcrypt: boolean;
  createdOn: string;
  lastSeen: string | null;
  deviceCount: number;
}

/** A page of `GET /v2/users`: `nextCursor` is null on the last page. */
export interface UserListPage {
  items: UserListItem[];
  total: number;
  nextCursor: string | null;
}

/** The query of the users list, as `UserListQuerySchema` produces it (defaults filled in). */
export type UsersQuery = UserListQuery;

/** A device's remote-wipe state. */
export interface DeviceWipe {
  status: "none" | "pending" | "done";
  requestedAt: string | null;
  wipedAt: string | null;
}

/** A device's last known location. */
export interface DeviceLocation {
  city?: string | null;
  country?: string | null;
  geocountry?: string | null;
  ip?: string | null;
}

/** A device of `GET /v2/user/:uid`. */
export interface UserDevice {
  id: string;
  platform: number;
  platformName?: string;
  appVersion: string | null;
  osVersion: string | null;
  deviceName: string | null;
  browser: string | null;
  createdOn: string;
  lastSeen: string | null;
  wipe: DeviceWipe;
  location: DeviceLocation | null;
}

/** `GET /v2/user/:uid`: a user with their devices. */
export interface UserDetail {
  uid: string;
  username: string;
  firstName: string;
  lastName: string;
  role: string;
  accessLevel: string | null;
  team: TeamOption;
  status: UserStatus;
  ecs: boolean;
  sip: boolean;
  cellcrypt: boolean;
  aliases: string[];
  ipAddress: string | null;
  createdOn: string;
  lastSeen: string | null;
  devices: UserDevice[];
}

/** A bulk action of the users list (DESIGN §3 bulk calls). */
export type BulkAction = "block" | "activate" | "move" | "delete";
