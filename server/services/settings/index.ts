/**
 * System settings of SPEC §3: reading them over the defaults, the effective settings of a team,
 * and changing one group at a time with an audited before/after.
 */
export { readSettings } from "./read";
export { emailingEnabled } from "./emailing";
export { updateSettingsGroup, type SettingsUpdateResult } from "./update";
export { describeCertificates, type CertificateInfo } from "./certificates";
export { effectiveSettings, checkAppVersion, type EffectiveSettings, type AppCheck } from "./effective";
export { teamOverrides, type TeamOverrideGroup } from "./overrides";
export { type AppMinimum, appMinimums } from "./appMinimums";
export { SETTINGS_400 } from "./update";
