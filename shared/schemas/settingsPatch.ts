/**
 * The bodies of `PUT v2/settings/<group>`: a partial object of the group's fields,
 * unknown fields refused. Nested objects (banners, URL prefixes, one platform's release) are
 * given whole. The server merges the patch over the stored group and checks the result with the
 * group's full schema, so cross-field rules (call timeouts, min ≤ last version) see both.
 */
import type { z } from "zod";
import { obj } from "./builders";
import {
  appsSettingsShape,
  attachmentsSettingsShape,
  callingSettingsShape,
  certsSettingsShape,
  licensesSettingsShape,
  generalSettingsShape,
  messagingSettingsShape,
  securitySettingsShape,
  tlsSettingsShape,
  TurnServerSchema,
  type SettingsGroup,
} from "./settings";

/**
 * The TURN relay in a patch: the password is write-only, so leaving it out keeps the stored one
 * (the page cannot send back what it never received).
 */
export const TurnServerPatchSchema = TurnServerSchema.partial({ password: true });

/** A partial patch of each group, keyed by `<group>`. */
export const SettingsPatchSchemas = {
  general: obj(generalSettingsShape).partial(),
  messaging: obj(messagingSettingsShape).partial(),
  attachments: obj(attachmentsSettingsShape).partial(),
  calling: obj({ ...callingSettingsShape, turn: TurnServerPatchSchema.nullable() }).partial(),
  security: obj(securitySettingsShape).partial(),
  tls: obj(tlsSettingsShape).partial(),
  apps: obj(appsSettingsShape).partial(),
  certs: obj(certsSettingsShape).partial(),
  licenses: obj(licensesSettingsShape).partial(),
} as const satisfies Record<SettingsGroup, z.ZodType>;

/** The body of `PUT v2/settings/<group>`. */
export type SettingsPatch<G extends SettingsGroup> = z.infer<(typeof SettingsPatchSchemas)[G]>;
