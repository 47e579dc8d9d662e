import type { SettingsGroup } from "../../../shared/schemas/settings";
import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { SettingsForm } from "../../islands/SettingsForm";
import { SETTINGS_TABS, type SettingsTab } from "../../components/settings/tabs";

/** Namespaces the settings islands read in the browser. */
export const SETTINGS_ISLAND_NAMESPACES = ["settings", "validation"] as const;

export { SETTINGS_TABS, type SettingsTab } from "../../components/settings/tabs";

/** The title of a /settings tab: its first group's name ('Message settings'), shown once, as the page's heading. */
export function settingsTitleKey(tab: SettingsTab): string {
  return `settings:groups.${SETTINGS_TABS[tab][0]}`;
}

/** What the TLS/domain tab shows of one trusted CA certificate. */
export interface CertificateView {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  fingerprint256: string;
  daysLeft: number;
}

/** Props of /settings: the open tab, the values of its groups, the CA bundle's and the server chain's certificates. */
export interface SettingsPageProps {
  tab: SettingsTab;
  groups: Partial<Record<SettingsGroup, Record<string, unknown>>>;
  certificates: CertificateView[];
  /** The server certificate chain, leaf first (empty when none is uploaded). */
  serverCertificates?: CertificateView[];
  csrfToken: string;
}

/** Days before expiry from which the page warns. */
export const CERT_WARNING_DAYS = 30;

function Certificates({ certificates, heading, keySet }: { certificates: CertificateView[]; heading: string; keySet?: boolean }) {
  const t = useT();
  if (certificates.length === 0) return null;
  return (
    <>
      <h3>{heading}</h3>
      {keySet === undefined ? null : <p>{t(keySet ? "settings:serverKeySet" : "settings:serverKeyNotSet")}</p>}
      <ul className="cert-list">
        {certificates.map((c) => (
          <li key={c.fingerprint256} className="card">
            {c.daysLeft <= CERT_WARNING_DAYS ? (
              <p className="alert alert-warning" role="note">
                {t("settings:certExpiring")}
              </p>
            ) : null}
            <dl>
              <dt>{t("settings:certSubject")}</dt>
              <dd>{c.subject}</dd>
              <dt>{t("settings:certIssuer")}</dt>
              <dd>{c.issuer}</dd>
              <dt>{t("settings:certFingerprint")}</dt>
              <dd>
                <code className="break-all">{c.fingerprint256}</code>
              </dd>
            </dl>
            <p>
              {t("settings:certValidity", { from: c.validFrom.slice(0, 10), to: c.validTo.slice(0, 10) })} ·{" "}
              {t("settings:certDaysLeft", { count: c.daysLeft })}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * /settings (root only): the SPEC §2 tabs as links (each a page of its own, so a tab works
 * without JavaScript) and one form island per settings group of the open tab.
 */
export function SettingsPage({ tab, groups, certificates, serverCertificates = [], csrfToken }: SettingsPageProps) {
  const t = useT();
  return (
    <div className="page-settings">
      <nav aria-label={t("settings:tabsLabel")} className="tabs">
        <ul className="tab-list">
          {(Object.keys(SETTINGS_TABS) as SettingsTab[]).map((name) => (
            <li key={name}>
              <a
                href={`/settings?tab=${name}`}
                className={name === tab ? "tab tab-active" : "tab"}
                aria-current={name === tab ? "page" : undefined}
              >
                {t(`settings:tabs.${name}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {SETTINGS_TABS[tab].map((group, index) => (
        <section
          key={group}
          className="card"
          id={`settings-section-${group}`}
          {...(index === 0 ? { "aria-label": t(`settings:groups.${group}`) } : { "aria-labelledby": `settings-${group}` })}
        >
          {/* The first group's name is the page's title (settingsTitleKey): it is not repeated. */}
          {index === 0 ? null : <h2 id={`settings-${group}`}>{t(`settings:groups.${group}`)}</h2>}
          {group === "certs" ? (
            <>
              <Certificates
                certificates={serverCertificates}
                heading={t("settings:serverCertsHeading")}
                keySet={groups.certs?.serverPrivateKeySet === true}
              />
              <Certificates certificates={certificates} heading={t("settings:caCertsHeading")} />
            </>
          ) : null}
          <Island
            name="SettingsForm"
            component={SettingsForm}
            props={{ group, values: groups[group] ?? {}, csrfToken, filter: index === 0 }}
            namespaces={SETTINGS_ISLAND_NAMESPACES}
          />
        </section>
      ))}
    </div>
  );
}

/** /apps (root only): the app version policy per platform, one form; the page's heading is its only title. */
export function AppsPage({ values, csrfToken }: { values: Record<string, unknown>; csrfToken: string }) {
  const t = useT();
  return (
    <section className="card" aria-label={t("settings:groups.apps")}>
      <p>{t("settings:appsIntro")}</p>
      <Island
        name="SettingsForm"
        component={SettingsForm}
        props={{ group: "apps", values, csrfToken, filter: true }}
        namespaces={SETTINGS_ISLAND_NAMESPACES}
      />
    </section>
  );
}
