/**
 * Answers of the service API (`/v2/service/*`, the communications service's calls) and of the
 * root's service-token and dashboard calls. The OpenAPI document shows these schemas and the
 * response-conformance test holds the server to them; a client of those calls parses with them.
 */
import { z } from "zod";
import { USER_STATUSES } from "../domain/statuses";
import { TIME_GROUPS } from "../domain/timeGroups";

/** An access level (0..9, #31) or null: not set (the service applies its own default). */
const accessLevel = z.number().int().nullable();

/**
 * `POST /v2/service/devices`: the device as recorded, whether the service must wipe it now, and the
 * user's access level as it stands (the service reads it at every device sign-in).
 */
export const DeviceReportResultSchema = z.object({ device: z.string(), wipe: z.boolean(), accessLevel });
/** A device report's reply. */
export type DeviceReportResult = z.infer<typeof DeviceReportResultSchema>;

/** `GET /v2/service/wipes`: the pending wipes, oldest first, at most 1,000 per call. */
export const PendingWipesSchema = z.object({
  items: z.array(z.object({ user: z.string(), device: z.string(), deviceToken: z.string().nullable(), requestedAt: z.string() })),
});
/** The pending wipes. */
export type PendingWipes = z.infer<typeof PendingWipesSchema>;

/** `GET /v2/service/settings`: a team's effective settings, versioned (the ETag) by a hash of the rest. */
export const EffectiveSettingsSchema = z.object({
  version: z.string(),
  team: z.string().nullable(),
  overrides: z.record(z.string(), z.array(z.string())),
  settings: z.record(z.string(), z.record(z.string(), z.unknown())),
  /** The company's OAuth / Entra ID settings and certificate revocation strategy; null without `team`. */
  authentication: z
    .object({
      oauthClientId: z.string().nullable(),
      authority: z.string().nullable(),
      discovery: z.string().nullable(),
      version: z.string().nullable(),
      tenantId: z.string().nullable(),
      azureAdSync: z.boolean(),
      certRevocation: z.string(),
    })
    .nullable(),
});
/** The effective settings. */
export type EffectiveSettingsResponse = z.infer<typeof EffectiveSettingsSchema>;

/** `GET /v2/service/apps/check`: whether an app version is still supported, and the latest release. */
export const AppCheckSchema = z.object({
  status: z.enum(["supported", "updateAvailable", "unsupported"]),
  minVersion: z.string(),
  lastVersion: z.string(),
  downloadUrl: z.string(),
});
/** An app version check. */
export type AppCheckResponse = z.infer<typeof AppCheckSchema>;

/** `POST /v2/service/users/password`: the user whose password was set. */
export const UserPasswordSetResultSchema = z.object({ user: z.string(), username: z.string(), status: z.string(), accessLevel });
/** A password set from a link. */
export type UserPasswordSetResponse = z.infer<typeof UserPasswordSetResultSchema>;

/** `GET /v2/service/policy`: whether two parties may communicate, and through which association. */
export const PolicyAnswerSchema = z.object({
  allowed: z.boolean(),
  association: z.object({ id: z.string(), name: z.string() }).optional(),
});
/** A policy decision. */
export type PolicyAnswerResponse = z.infer<typeof PolicyAnswerSchema>;

/** `GET /v2/service-tokens`: every service token, never its secret or hash. */
export const ServiceTokenListSchema = z.object({
  items: z.array(
    z.object({ id: z.number().int(), name: z.string(), createdOn: z.string(), lastUsed: z.string().nullable(), revoked: z.boolean() }),
  ),
});
/** The service tokens. */
export type ServiceTokenList = z.infer<typeof ServiceTokenListSchema>;

/** `POST /v2/service-tokens`: the new token; `token` (starting `bws_`) is shown this once. */
export const ServiceTokenCreatedSchema = z.object({ id: z.number().int(), name: z.string(), token: z.string() });
/** A created service token. */
export type ServiceTokenCreated = z.infer<typeof ServiceTokenCreatedSchema>;

/** `GET /v2/dashboard`: users by status and by last-seen group, in the caller's scope and time zone. */
export const DashboardCountsSchema = z.object({
  users: z.object({ ...Object.fromEntries(USER_STATUSES.map((s) => [s, z.number().int()])), total: z.number().int() }),
  lastSeen: z.object(Object.fromEntries(TIME_GROUPS.map((g) => [g, z.number().int()]))),
  timezone: z.string(),
  /** When the last-seen groups were counted (the housekeeping's summary, refreshed every 15 minutes); null: counted for this answer. */
  lastSeenAsOf: z.string().nullable(),
});
/** The dashboard counts. */
export type DashboardCountsResponse = z.infer<typeof DashboardCountsSchema>;
