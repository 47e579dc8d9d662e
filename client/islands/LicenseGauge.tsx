import { useEffect, useState } from "react";
import { useLang, useT } from "../components/render-context";
import { SeatsGauge } from "../components/licenses/SeatsGauge";
import { addSeats, type Seats } from "../components/licenses/seats";
import { onSeatsChanged, type SeatsChange } from "../components/licenses/events";
import { formatNumber } from "../lib/datetime";

/** One company of the per-company summary. */
export interface SeatsRow {
  slug: string;
  teamName: string;
  seats: Seats;
}

/** Props of the gauge island. */
export interface LicenseGaugeProps {
  /** The figures the gauge shows: one company's, or the sum over the admin's scope. */
  seats: Seats;
  /** The company the gauge is about; null: the whole scope. */
  team: { slug: string; teamName: string } | null;
  /** Whether the scope is every company (root) or the admin's companies. */
  allTeams: boolean;
  /** The per-company summary under the gauge (the /licenses page); absent on the dashboard. */
  rows?: SeatsRow[];
}

/** The gauge's figures after some changes: one company's are replaced, a scope's move by the difference. */
export function applySeatsChanges(seats: Seats, team: string | null, changes: readonly SeatsChange[]): Seats {
  let next = seats;
  for (const change of changes) {
    if (team === null) next = addSeats(addSeats(next, change.after), change.before, -1);
    else if (change.team === team) next = change.after;
  }
  return next;
}

/**
 * The license gauge (SPEC §2) as an island: the server renders the ring with its numbers, and in
 * the browser it follows the actions taken on the same page (extend, expire, distribute,
 * purchase), which announce each company's licenses before and after; the summary rows of the
 * companies concerned change with it. Nothing is fetched: the action that changed the figures
 * already read them from the server.
 */
export function LicenseGauge({ seats: initial, team, allTeams, rows: initialRows }: LicenseGaugeProps) {
  const t = useT();
  const lang = useLang();
  const [seats, setSeats] = useState(initial);
  const [rows, setRows] = useState(initialRows);
  useEffect(
    () =>
      onSeatsChanged((changes) => {
        setSeats((current) => applySeatsChanges(current, team?.slug ?? null, changes));
        setRows((current) =>
          current?.map((row) => {
            const change = changes.find((c) => c.team === row.slug);
            return change ? { ...row, seats: change.after } : row;
          }),
        );
      }),
    [team],
  );
  const title = team
    ? t("licenses:gauge.titleTeam", { team: team.teamName })
    : t(allTeams ? "licenses:gauge.titleAll" : "licenses:gauge.titleMine");
  const format = (n: number) => formatNumber(n, lang);
  return (
    <div className="seats-panel">
      <SeatsGauge seats={seats} title={title} />
      {/* Collapsed (issue 27): on /licenses the packs, not ~1,500 px of per-company figures, come first. */}
      {rows && rows.length > 0 ? (
        <details className="seats-summary-toggle">
          <summary>{t("licenses:summary.toggle", { count: format(rows.length) })}</summary>
          <div className="table-scroll seats-summary">
            <table className="data-table">
              <caption className="visually-hidden">{t("licenses:summary.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("licenses:summary.team")}</th>
                  <th scope="col" className="col-number">
                    {t("licenses:summary.capacity")}
                  </th>
                  <th scope="col" className="col-number">
                    {t("licenses:gauge.users")}
                  </th>
                  <th scope="col" className="col-number">
                    {t("licenses:gauge.invites")}
                  </th>
                  <th scope="col" className="col-number">
                    {t("licenses:gauge.available")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.slug} data-team={row.slug}>
                    <th scope="row">{row.teamName}</th>
                    <td className="col-number" data-label={t("licenses:summary.capacity")}>
                      {format(row.seats.capacity)}
                    </td>
                    <td className="col-number" data-label={t("licenses:gauge.users")}>
                      {format(row.seats.users)}
                    </td>
                    <td className="col-number" data-label={t("licenses:gauge.invites")}>
                      {format(row.seats.invites)}
                    </td>
                    <td className="col-number" data-label={t("licenses:gauge.available")}>
                      {row.seats.capacity === 0 ? (
                        <span className="badge badge-blocked">{t("licenses:state.unlicensed")}</span>
                      ) : (
                        format(row.seats.available)
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </div>
  );
}
