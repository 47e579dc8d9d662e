import { useId } from "../components/hooks";
import { TIME_GROUPS } from "../../shared/domain/timeGroups";
import { USER_STATUSES } from "../../shared/domain/statuses";
import { licenseNearExpirationDays } from "../../shared/limits";
import type { NavEdition } from "../../shared/domain/navigation";
import { useLang, useT, type Translate } from "../components/render-context";
import { SeatsGauge } from "../components/licenses/SeatsGauge";
import { type Seats } from "../components/licenses/seats";
import { counted } from "../components/licenses/format";
import { DATE_LOCALES, formatNumber } from "../lib/datetime";

/** The counts the dashboard shows (the shape of `GET /v2/dashboard`). */
export interface DashboardData {
  users: { active: number; pending: number; blocked: number; total: number };
  lastSeen: { today: number; thisWeek: number; thisMonth: number; longAgo: number };
  timezone: string;
  /** When the last-seen groups were counted (the housekeeping's summary); null or absent: just now. */
  lastSeenAsOf?: string | null;
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
  /** Root's company picker: every company; absent for an admin. */
  teamChoices?: readonly { slug: string; teamName: string }[];
  /** The company the dashboard is narrowed to, if any. */
  team?: { slug: string; teamName: string } | null;
}

/** One bar of a chart: its key (for the CSS tone), label, value and the users list it opens. */
interface Bar {
  key: string;
  label: string;
  value: number;
  href: string;
}

const BAR_SPACE = 300;
const BAR_HEIGHT = 16;

/**
 * A small horizontal bar chart drawn on the server: each row is a link (label and number, read
 * as text) to the users list it counts, beside a bar drawn as inline SVG that assistive
 * technology skips (the number is in the link). Captioned by the figure's caption.
 */
function BarChart({ id, caption, bars, format }: { id: string; caption: string; bars: Bar[]; format: (n: number) => string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const captionId = `${id}-caption`;
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart-caption">
        {caption}
      </figcaption>
      <ul className="chart-rows">
        {bars.map((bar) => {
          const width = bar.value === 0 ? 0 : Math.max(3, Math.round((bar.value / max) * BAR_SPACE));
          return (
            <li key={bar.key} className={`chart-bar chart-bar-${bar.key}`} data-value={bar.value}>
              <a className="chart-link" href={bar.href}>
                <span className="chart-label">{bar.label}</span> <span className="chart-value">{format(bar.value)}</span>
              </a>
              <svg
                className="chart-svg"
                viewBox={`0 0 ${BAR_SPACE} ${BAR_HEIGHT}`}
                preserveAspectRatio="none"
                aria-hidden="true"
                focusable="false"
              >
                <rect className="chart-track" x={0} y={0} width={BAR_SPACE} height={BAR_HEIGHT} rx={4} />
                <rect className="chart-fill" x={0} y={0} width={width} height={BAR_HEIGHT} rx={4} />
              </svg>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

/** How long ago `iso` was, in the console language ("12 minutes ago", "há 12 minutos"), to the minute. */
export function countedAgo(iso: string, lang: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  const format = new Intl.RelativeTimeFormat(DATE_LOCALES[lang] ?? "en-GB", { numeric: "auto" });
  return minutes < 60 ? format.format(-minutes, "minute") : format.format(-Math.round(minutes / 60), "hour");
}

/**
 * The users list a count opens: by status, the status filter; by last-seen group, the list's
 * `lastSeen` filter (the same group in the same zone, so the list's total is the figure).
 * Narrowed to the dashboard's company.
 */
export function usersListHref(filter: { status: string } | { lastSeen: string }, team: string | null): string {
  const params = new URLSearchParams("status" in filter ? { status: filter.status } : { lastSeen: filter.lastSeen });
  if (team !== null) params.set("team", team);
  return `/users/manage?${params.toString()}`;
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
 * Root's company picker: a plain GET form (the page has no script) that reloads the dashboard
 * narrowed to one company, or to all of them.
 */
function TeamPicker({ choices, team }: { choices: readonly { slug: string; teamName: string }[]; team: string | null }) {
  const t = useT();
  return (
    <form className="dashboard-picker" method="get" action="/dashboard">
      <label className="field-label" htmlFor="dashboard-team">
        {t("dashboard:picker.label")}
      </label>
      <select id="dashboard-team" name="team" className="input" defaultValue={team ?? ""}>
        <option value="">{t("dashboard:scope.all")}</option>
        {choices.map((choice) => (
          <option key={choice.slug} value={choice.slug}>
            {choice.teamName}
          </option>
        ))}
      </select>
      <button type="submit" className="button">
        {t("dashboard:picker.show")}
      </button>
    </form>
  );
}

/**
 * The dashboard (SPEC §2): the license gauge, users by status and by last-seen time group,
 * within the admin's scope (root may narrow it to one company), as server-rendered charts whose
 * counts open the users list they count; a warning banner for packs near or past expiration;
 * getting-started prompts for what is still missing, and an 'Invite users' shortcut that stays.
 * No island: nothing on this page changes licenses, so the gauge is drawn without script.
 */
export function DashboardPage({
  data,
  licenses,
  allTeams,
  canCreateTeams,
  canAddLicenses,
  edition,
  teamChoices,
  team = null,
}: DashboardPageProps) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const format = (n: number) => formatNumber(n, lang);
  const total = data.users.total;
  const teamSlug = team?.slug ?? null;
  const scopeText = team
    ? t("dashboard:scope.team", { name: team.teamName })
    : t(allTeams ? "dashboard:scope.all" : "dashboard:scope.teams");
  const steps = startSteps(t, { licenses, usersTotal: total, canCreateTeams, canAddLicenses, edition });
  return (
    <div className="dashboard-page">
      <div className="dashboard-toolbar">
        <p className="dashboard-scope">
          <span>{scopeText}</span>
          <strong className="dashboard-total">{t("dashboard:total", { total: format(total) })}</strong>
        </p>
        {teamChoices && teamChoices.length > 0 ? <TeamPicker choices={teamChoices} team={teamSlug} /> : null}
        {licenses.teams > 0 && !steps.some((step) => step.key === "user") ? (
          <a className="button dashboard-invite" href="/invites">
            {t("dashboard:shortcuts.invite")}
          </a>
        ) : null}
      </div>
      <ExpiryBanner licenses={licenses} />
      <GettingStarted steps={steps} />
      {licenses.teams > 0 ? (
        <section className="card dashboard-licenses" aria-labelledby={`${id}-licenses`}>
          <h2 id={`${id}-licenses`} className="card-title">
            {t("dashboard:licenses.title")}
          </h2>
          <SeatsGauge seats={licenses.seats} title={t(allTeams && !team ? "licenses:gauge.titleAll" : "licenses:gauge.titleMine")} />
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
              bars={USER_STATUSES.map((key) => ({
                key,
                label: t(`dashboard:status.${key}`),
                value: data.users[key],
                href: usersListHref({ status: key }, teamSlug),
              }))}
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
              bars={TIME_GROUPS.map((key) => ({
                key,
                label: t(`dashboard:lastSeen.${key}`),
                value: data.lastSeen[key],
                href: usersListHref({ lastSeen: key }, teamSlug),
              }))}
              format={format}
            />
            <p className="card-note">{t("dashboard:lastSeen.note")}</p>
            {data.lastSeenAsOf ? (
              <p className="card-note dashboard-as-of">{t("dashboard:lastSeen.asOf", { age: countedAgo(data.lastSeenAsOf, lang) })}</p>
            ) : null}
          </section>
        </div>
      )}
    </div>
  );
}
