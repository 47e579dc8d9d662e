/**
 * The service API (docs/API.md "Service API"): the communications service reports device
 * sign-ins and acknowledges remote wipes with a service token; roots create and revoke those
 * tokens. Device and location fields reuse the shared device schemas (SPEC §3, §9).
 */
import type { z } from "zod";
import { maxLength } from "../limits";
import { intIn, obj, requiredText, str } from "./builders";
import { DeviceSchema, LocationSchema } from "./device";
import { V } from "./messages";
import { passwordHash, token, uid } from "./primitives";

/** `POST /v2/service-tokens`: a label for the new token (1..100, trimmed). */
export const ServiceTokenCreateSchema = obj({ name: requiredText(maxLength.serviceTokenName, { trim: true }) });
/** Service token creation body. */
export type ServiceTokenCreateReq = z.infer<typeof ServiceTokenCreateSchema>;

/** `DELETE /v2/service-tokens`: the token's id (a positive 32-bit integer). */
export const ServiceTokenRevokeSchema = obj({ id: intIn({ min: 1, max: 2_147_483_647 }) });
/** Service token revocation body. */
export type ServiceTokenRevokeReq = z.infer<typeof ServiceTokenRevokeSchema>;

/**
 * The device part of a report: the app's device token (required, 1..300) and platform code,
 * then the descriptive fields of DeviceSchema, each optional (a SIP or PBX line has no OS).
 */
export const ReportedDeviceSchema = obj({
  token: requiredText(maxLength.deviceToken),
  platform: DeviceSchema.shape.platform,
  appVersion: DeviceSchema.shape.appVersion.optional(),
  deviceName: DeviceSchema.shape.deviceName.optional(),
  osVersion: DeviceSchema.shape.osVersion.optional(),
  browser: DeviceSchema.shape.browser,
});
/** A reported device. */
export type ReportedDevice = z.infer<typeof ReportedDeviceSchema>;

/**
 * `POST /v2/service/devices`: a device sign-in. `user` is the user's uid or username (matched
 * lowercase); `location`, when given, is recorded for the device and its IP becomes the user's.
 */
export const DeviceReportSchema = obj({
  user: str({ trim: true }).min(1, { error: V.required, abort: true }).max(maxLength.username, { error: V.tooLong }),
  device: ReportedDeviceSchema,
  location: LocationSchema.optional(),
});
/** Device report body. */
export type DeviceReportReq = z.infer<typeof DeviceReportSchema>;

/** `POST /v2/service/wipes/ack`: the device (its id) the service has wiped. */
export const WipeAckSchema = obj({ device: uid });
/** Wipe acknowledgement body. */
export type WipeAckReq = z.infer<typeof WipeAckSchema>;

/**
 * `POST /v2/service/users/password`: the token of a user's reset or registration link (as e-mailed,
 * 16..96 base64url characters) and the new password, SHA-512 hex like every password (SPEC §5).
 */
export const UserPasswordSetSchema = obj({ token, password: passwordHash });
/** User password body (service API). */
export type UserPasswordSetReq = z.infer<typeof UserPasswordSetSchema>;
