import { useId } from "react";
import { TIME_GROUPS } from "../../shared/domain/timeGroups";
import { USER_STATUSES } from "../../shared/domain/statuses";
import { useLang, useT } from "../components/render-context";
import { formatNumber } from "../lib/datetime";

/** The counts the dashboard shows (the shape of `GET /v2/dashboard`). */
export interface DashboardData {
  users: { active: number; pending: number; blocked: number; total: number };
  lastSeen: { today: number; thisWeek: number; thisMonth: number; longAgo: number };
  timezone: string;
}

/** Props of the dashboard page: the counts, and whether the admin sees every team (root). */
export interface DashboardPageProps {
  data: DashboardData;
  allTeams: boolean;
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
function BarChart({ id, caption, headers, bars, format }: { id: string; caption: string; headers: [string, string]; bars: Bar[]; format: (n: number) => string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const captionId = `${id}-caption`;
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart-caption">
        {caption}
      </figcaption>
      <svg className="chart-svg" viewBox={`0 0 ${WIDTH} ${bars.length * ROW}`} width={WIDTH} height={bars.length * ROW} aria-hidden="true" focusable="false">
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

/** Shown instead of the charts while the admin's scope has no users yet. */
function GettingStarted() {
  const t = useT();
  return (
    <section className="card getting-started" aria-labelledby="dashboard-start">
      <h2 id="dashboard-start" className="card-title">
        {t("dashboard:start.title")}
      </h2>
      <p className="card-note">{t("dashboard:start.intro")}</p>
      <ul className="getting-started-list">
        <li>
          <a className="button button-primary" href="/users/create">
            {t("dashboard:start.createUser")}
          </a>
          <span>{t("dashboard:start.createUserHint")}</span>
        </li>
        <li>
          <a className="button" href="/invites">
            {t("dashboard:start.invite")}
          </a>
          <span>{t("dashboard:start.inviteHint")}</span>
        </li>
      </ul>
    </section>
  );
}

/**
 * The dashboard (SPEC §2): users by status and by last-seen time group, within the admin's
 * scope, as two server-rendered bar charts with their numbers; getting-started prompts while the
 * scope has no users. No island: the page sends no script. The license gauge joins this page
 * with the licenses feature.
 */
export function DashboardPage({ data, allTeams }: DashboardPageProps) {
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
      {total === 0 ? (
        <GettingStarted />
      ) : (
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
