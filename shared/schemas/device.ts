/**
 * Devices and their last known location (SPEC §3), with the SPEC §9 maximum lengths. Devices are
 * reported by the apps; the console lists them and can wipe one remotely.
 */
import type { z } from "zod";
import { maxLength } from "../limits";
import { obj, str } from "./builders";
import { V } from "./messages";
import { browser, country, ip, platformCode, uid } from "./primitives";

/** A device as stored and listed. */
export const DeviceSchema = obj({
  id: uid,
  platform: platformCode,
  /** Reported by the app; free-form (may carry a build suffix), so only its length is checked. */
  appVersion: str().max(maxLength.appVersion, { error: V.tooLong }),
  deviceName: str().max(maxLength.deviceName, { error: V.tooLong }),
  deviceToken: str().max(maxLength.deviceToken, { error: V.tooLong }),
  osVersion: str().max(maxLength.osVersion, { error: V.tooLong }),
  browser: browser.optional(),
});
/** A device. */
export type Device = z.infer<typeof DeviceSchema>;

/** Last known location of a device or session. */
export const LocationSchema = obj({
  city: str().max(maxLength.city, { error: V.tooLong }).optional(),
  country: country.optional(),
  geocountry: str().max(maxLength.geocountry, { error: V.tooLong }).optional(),
  ip: ip.optional(),
});
/** A location. */
export type Location = z.infer<typeof LocationSchema>;

/** Remote wipe or deletion of one device of one user. */
export const DeviceActionSchema = obj({ uid, deviceId: uid });
/** Device action body. */
export type DeviceActionReq = z.infer<typeof DeviceActionSchema>;
