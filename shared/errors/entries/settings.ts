import type { ActionEntrySpecs } from "../types";

const SAVED = "Settings saved";
const INVALID = "Invalid settings. Check the highlighted fields";

/** System and app settings, root only (SPEC §8 Settings: 400 invalid settings; certificate 400 invalid). */
export const SETTINGS_ENTRIES = {
  settingsGeneral200: { status: 200, kind: "success", en: SAVED },
  settingsGeneral400: { status: 400, kind: "error", en: INVALID },
  settingsMessaging200: { status: 200, kind: "success", en: SAVED },
  settingsMessaging400: { status: 400, kind: "error", en: INVALID },
  settingsAttachments200: { status: 200, kind: "success", en: SAVED },
  settingsAttachments400: { status: 400, kind: "error", en: INVALID },
  settingsCalling200: { status: 200, kind: "success", en: SAVED },
  settingsCalling400: { status: 400, kind: "error", en: INVALID },
  settingsSecurity200: { status: 200, kind: "success", en: SAVED },
  settingsSecurity400: { status: 400, kind: "error", en: INVALID },
  // Requiring two-step verification before one's own is set up would lock the console's root out once the grace ends.
  settingsSecurity409: {
    status: 409,
    kind: "error",
    en: "Set up two-step verification for your own account before requiring it for administrators",
  },
  settingsTls200: { status: 200, kind: "success", en: SAVED },
  settingsTls400: { status: 400, kind: "error", en: INVALID },
  settingsApps200: { status: 200, kind: "success", en: "App settings saved" },
  settingsApps400: { status: 400, kind: "error", en: INVALID },
  settingsCerts200: { status: 200, kind: "success", en: "Certificates saved" },
  settingsCerts400: { status: 400, kind: "error", en: "Invalid certificate. Check the certificate and try again" },
  settingsLicenses200: { status: 200, kind: "success", en: SAVED },
  settingsLicenses400: { status: 400, kind: "error", en: INVALID },
} as const satisfies ActionEntrySpecs;
