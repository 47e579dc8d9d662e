import { SETTINGS_GROUPS } from "../../../../shared/schemas/settings";
import { signedIn, type MatrixRow } from "../types";

/** A harmless valid patch per group (the matrix checks who may call, settings.test.ts what it does). */
const PATCH: Record<(typeof SETTINGS_GROUPS)[number], Record<string, unknown>> = {
  general: { userInviteExpiryDays: 7 },
  messaging: { messageRateLimit: 600 },
  attachments: { attachmentRateLimit: 60 },
  calling: { sipReregisterInterval: 600 },
  security: { otpLength: 6 },
  tls: { port: 443 },
  apps: {},
  certs: { clientCertUserCheck: false },
  licenses: { maxTrialSeats: 50 },
};

/** System settings (docs/API.md "Settings"): root only, 403 for every other admin before the body is read. */
export const settingsRows: MatrixRow[] = [
  { method: "GET", route: "/settings", request: () => ({ url: "/v2/settings" }), expect: signedIn(200, 403, 403) },
  ...SETTINGS_GROUPS.map((group): MatrixRow => ({
    method: "PUT",
    route: `/settings/${group}`,
    request: () => ({ url: `/v2/settings/${group}`, body: PATCH[group] }),
    expect: signedIn(200, 403, 403),
  })),
];
