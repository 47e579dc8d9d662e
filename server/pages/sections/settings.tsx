import { AppsPage, SETTINGS_TABS, SettingsPage, settingsTitleKey, type SettingsTab } from "../../../client/pages/settings/SettingsPage";
import { presentSettings } from "../../api/settings/present";
import { describeCertificates, readSettings } from "../../services/settings";
import { requireRoot } from "../../services/access";
import { loadScope } from "../../services/access";
import type { PageContext, PageLoaders, PageResult } from "./types";

const isTab = (value: unknown): value is SettingsTab =>
  typeof value === "string" && Object.prototype.hasOwnProperty.call(SETTINGS_TABS, value);

/** /settings?tab=…: the open tab's groups (secrets masked), the CA bundle's and the server chain's certificates. */
async function settingsPage({ req, services, admin, csrfToken }: PageContext): Promise<PageResult> {
  requireRoot(await loadScope(services.db, admin));
  const tab = isTab(req.query.tab) ? req.query.tab : "general";
  const settings = presentSettings(await readSettings(services.db));
  const groups = Object.fromEntries(SETTINGS_TABS[tab].map((g) => [g, settings[g] as unknown as Record<string, unknown>]));
  const describe = (pem: string | null) => (tab === "tls" && pem ? (describeCertificates(pem) ?? []) : []);
  const certificates = describe(settings.certs.clientCaCertificates);
  const serverCertificates = describe(settings.certs.serverCertificateChain);
  return {
    titleKey: settingsTitleKey(tab),
    body: (
      <SettingsPage tab={tab} groups={groups} certificates={certificates} serverCertificates={serverCertificates} csrfToken={csrfToken} />
    ),
  };
}

/** /apps: the app version policy. */
async function appsPage({ services, admin, csrfToken }: PageContext): Promise<PageResult> {
  requireRoot(await loadScope(services.db, admin));
  const { apps } = await readSettings(services.db);
  return { titleKey: "pages:titles.apps", body: <AppsPage values={apps} csrfToken={csrfToken} /> };
}

/** The settings pages: the system settings by tab and the app version policy. */
export const settingsPages: PageLoaders = { "/settings": settingsPage, "/apps": appsPage };
