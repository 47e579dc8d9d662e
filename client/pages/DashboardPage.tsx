import { useId } from "react";
import { TIME_GROUPS } from "../../shared/domain/timeGroups";
import { USER_STATUSES } from "../../shared/domain/statuses";
import { licenseNearExpirationDays } from "../../shared/limits";
import type { NavEdition } from "../../shared/domain/navigation";
import { useLang, useT, type Translate } from "../components/render-context";
import { SeatsGauge } from "../components/licenses/SeatsGauge";
import { type Seats } from "../components/licenses/seats";
import { counted } from "../components/licenses/format";
import { formatNumber } from "../lib/datetime";

/** The counts the dashboard shows (the shape of `GET /v2/dashboard`). */
export interface DashboardData {
  users: { active: number; pending: number; blocked: number; total: number };
  lastSeen: { today: number; thisWeek: number; thisMonth: number; longAgo: number };
  timezone: string;
}

/** The license side of the dashboard, in the admin's scope. */
export interface DashboardLicenses {
  /** The gauge: licenses of every company in scope. */
  seats: Seats;
  /** Companies in scope (0: the "create a company" prompt). */
  teams: number;
  /** Packs within the near-expiration window. */
  nearExpiration: number;
  /** Packs that expired within the same window, looking back. */
  expired: number;
}

/** Props of the dashboard page: the counts, the licenses, and what the admin may do. */
export interface DashboardPageProps {
  data: DashboardData;
  licenses: DashboardLicenses;
  /** The admin sees every company (root). */
  allTeams: boolean;
  /** Root may create companies. */
  canCreateTeams: boolean;
  /** Purchase (public edition, everyone) or activate (private edition, root). */
  canAddLicenses: boolean;
  edition: NavEdition;
}

/** One bar of a chart: its key (for the CSS tone), label and value. */
interface Bar {
  key: string;
  label: string;
  value: number;
}

const ROW = 46;
const LABEL_GAP = 18;
const BAR_HEIGHT = 16;
const BAR_SPACE = 300;
const WIDTH = 400;

/**
 * A small horizontal bar chart as inline SVG, drawn on the server. Each bar has its label above
 * it and its number beside it as text; the SVG itself is hidden from assistive technology,
 * which reads the same numbers from the table that follows (visually hidden), captioned by
 * the figure's caption.
 */
function BarChart({
  id,
  caption,
  headers,
  bars,
  format,
}: {
  id: string;
  caption: string;
  headers: [string, string];
  bars: Bar[];
  format: (n: number) => string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const captionId = `${id}-caption`;
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart-caption">
        {caption}
      </figcaption>
      <svg
        className="chart-svg"
        viewBox={`0 0 ${WIDTH} ${bars.length * ROW}`}
        width={WIDTH}
        height={bars.length * ROW}
        aria-hidden="true"
        focusable="false"
      >
        {bars.map((bar, i) => {
          const y = i * ROW;
          const width = bar.value === 0 ? 0 : Math.max(3, Math.round((bar.value / max) * BAR_SPACE));
          return (
            <g key={bar.key} className={`chart-bar chart-bar-${bar.key}`} data-value={bar.value}>
              <text className="chart-label" x={0} y={y + 13}>
                {bar.label}
              </text>
              <rect className="chart-track" x={0} y={y + LABEL_GAP} width={BAR_SPACE} height={BAR_HEIGHT} rx={4} />
              <rect className="chart-fill" x={0} y={y + LABEL_GAP} width={width} height={BAR_HEIGHT} rx={4} />
              <text className="chart-value" x={BAR_SPACE + 10} y={y + LABEL_GAP + 13}>
                {format(bar.value)}
              </text>
            </g>
          );
        })}
      </svg>
      {/* A table ignores width: 1px, so the wrapper is what hides it (and keeps a phone from scrolling sideways). */}
      <div className="visually-hidden">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{headers[0]}</th>
              <th scope="col">{headers[1]}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row">{bar.label}</th>
                <td>{format(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** A getting-started step: its text, and the link that does it (absent when the admin cannot). */
interface StartStep {
  key: "team" | "license" | "user";
  links: { href: string; label: string; primary?: boolean }[];
  hint: string;
}

/**
 * The getting-started prompts of SPEC §1: no company yet, no licenses yet, no users yet, in that
 * order, each linking to the page that fixes it; a step that is done is not shown, and the
 * section disappears once all are. A step the admin cannot do themselves says who can.
 */
function GettingStarted({ steps }: { steps: StartStep[] }) {
  const t = useT();
  if (steps.length === 0) return null;
  return (
    <section className="card getting-started" aria-labelledby="dashboard-start">
      <h2 id="dashboard-start" className="card-title">
        {t("dashboard:start.title")}
      </h2>
      <p className="card-note">{t("dashboard:start.intro")}</p>
      <ol className="getting-started-list">
        {steps.map((step) => (
          <li key={step.key} data-step={step.key}>
            <span className="getting-started-links">
              {step.links.map((link) => (
                <a key={link.href} className={link.primary ? "button button-primary" : "button"} href={link.href}>
                  {link.label}
                </a>
              ))}
            </span>
            <span>{step.hint}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The steps still to do, for this admin and edition. */
function startSteps(
  t: Translate,
  {
    licenses,
    usersTotal,
    canCreateTeams,
    canAddLicenses,
    edition,
  }: { licenses: DashboardLicenses; usersTotal: number; canCreateTeams: boolean; canAddLicenses: boolean; edition: NavEdition },
): StartStep[] {
  const steps: StartStep[] = [];
  if (licenses.teams === 0) {
    steps.push(
      canCreateTeams
        ? {
            key: "team",
            links: [{ href: "/teams/create", label: t("dashboard:start.createTeam"), primary: true }],
            hint: t("dashboard:start.createTeamHint"),
          }
        : { key: "team", links: [], hint: t("dashboard:start.noTeamAdmin") },
    );
  }
  if (licenses.seats.capacity === 0) {
    const verb = edition === "public" ? "purchase" : "activate";
    steps.push(
      canAddLicenses
        ? {
            key: "license",
            links: [{ href: "/purchase", label: t(`dashboard:start.${verb}`), primary: steps.length === 0 }],
            hint: t(`dashboard:start.${verb}Hint`),
          }
        : { key: "license", links: [], hint: t("dashboard:start.activateAdmin") },
    );
  }
  if (usersTotal === 0) {
    steps.push({
      key: "user",
      links: [
        { href: "/users/create", label: t("dashboard:start.createUser"), primary: steps.length === 0 },
        { href: "/invites", label: t("dashboard:start.invite") },
      ],
      hint: t("dashboard:start.createUserHint"),
    });
  }
  return steps;
}

/** The warning banner: packs that expire soon and packs that expired lately, linking to each list. */
function ExpiryBanner({ licenses }: { licenses: DashboardLicenses }) {
  const t = useT();
  if (licenses.nearExpiration === 0 && licenses.expired === 0) return null;
  return (
    <div className="alert alert-warning dashboard-expiry" role="status">
      <strong>{t("dashboard:expiry.title")}</strong>
      <ul>
        {licenses.nearExpiration > 0 ? (
          <li>
            <a href="/licenses?state=nearExpiration">
              {counted(t, "dashboard:expiry.near", licenses.nearExpiration, { days: licenseNearExpirationDays })}
            </a>
          </li>
        ) : null}
        {licenses.expired > 0 ? (
          <li>
            <a href="/licenses?state=expired">
              {counted(t, "dashboard:expiry.expired", licenses.expired, { days: licenseNearExpirationDays })}
            </a>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/**
 * The dashboard (SPEC §2): the license gauge, users by status and by last-seen time group,
 * within the admin's scope, as server-rendered charts with their numbers; a warning banner for
 * packs near or past expiration; getting-started prompts for what is still missing. No island:
 * nothing on this page changes licenses, so the gauge is drawn without script.
 */
export function DashboardPage({ data, licenses, allTeams, canCreateTeams, canAddLicenses, edition }: DashboardPageProps) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const format = (n: number) => formatNumber(n, lang);
  const total = data.users.total;
  return (
    <div className="dashboard-page">
      <p className="dashboard-scope">
        <span>{allTeams ? t("dashboard:scope.all") : t("dashboard:scope.teams")}</span>
        <strong className="dashboard-total">{t("dashboard:total", { total: format(total) })}</strong>
      </p>
      <ExpiryBanner licenses={licenses} />
      <GettingStarted steps={startSteps(t, { licenses, usersTotal: total, canCreateTeams, canAddLicenses, edition })} />
      {licenses.teams > 0 ? (
        <section className="card dashboard-licenses" aria-labelledby={`${id}-licenses`}>
          <h2 id={`${id}-licenses`} className="card-title">
            {t("dashboard:licenses.title")}
          </h2>
          <SeatsGauge seats={licenses.seats} title={t(allTeams ? "licenses:gauge.titleAll" : "licenses:gauge.titleMine")} />
          <p className="card-note">
            <a href="/licenses">{t("dashboard:licenses.manage")}</a>
          </p>
        </section>
      ) : null}
      {total === 0 ? null : (
        <div className="dashboard-charts">
          <section className="card" aria-labelledby={`${id}-status`}>
            <h2 id={`${id}-status`} className="card-title">
              {t("dashboard:status.title")}
            </h2>
            <BarChart
              id={`${id}-status-chart`}
              caption={t("dashboard:status.caption", { total: format(total) })}
              headers={[t("dashboard:status.column"), t("dashboard:users")]}
              bars={USER_STATUSES.map((key) => ({ key, label: t(`dashboard:status.${key}`), value: data.users[key] }))}
              format={format}
            />
          </section>
          <section className="card" aria-labelledby={`${id}-seen`}>
            <h2 id={`${id}-seen`} className="card-title">
              {t("dashboard:lastSeen.title")}
            </h2>
            <BarChart
              id={`${id}-seen-chart`}
              caption={t("dashboard:lastSeen.caption", { timezone: data.timezone })}
              headers={[t("dashboard:lastSeen.column"), t("dashboard:users")]}
              bars={TIME_GROUPS.map((key) => ({ key, label: t(`dashboard:lastSeen.${key}`), value: data.lastSeen[key] }))}
              format={format}
            />
            <p className="card-note">{t("dashboard:lastSeen.note")}</p>
          </section>
        </div>
      )}
    </div>
  );
}
