import { logActionLabel, logTargetLabel } from "../format/enums";
import type { LogEntryItem } from "../../../shared/api/logs";
import { formatDateTime } from "../../lib/datetime";
import { useLang, useT, type Translate } from "../render-context";

/** Names of the accounts an entry mentions, by lower-case uid (the server's presenter resolves them). */
type Names = Readonly<Record<string, string>>;

/** A uid as the name of its account when the server named it, else as it is. */
function named(value: string, names: Names): string {
  return names[value.toLowerCase()] ?? value;
}

/** A detail value as text: scalars as they are (uids as names), lists joined, objects as compact JSON. */
function detailText(value: unknown, names: Names = {}): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return named(value, names);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null))
    return value.length ? value.map((item) => (typeof item === "string" ? named(item, names) : String(item))).join(", ") : "—";
  return JSON.stringify(value);
}

/** A change recorded as `{before, after}` (settings) or `{from, to}` (licenses), else null. */
function beforeAfter(change: unknown): { from: unknown; to: unknown } | null {
  if (typeof change !== "object" || change === null) return null;
  const record = change as Record<string, unknown>;
  if ("before" in record && "after" in record) return { from: record.before, to: record.after };
  if ("from" in record && "to" in record) return { from: record.from, to: record.to };
  return null;
}

/**
 * The recorded details as label/value lines: `changes` (a settings edit) as 'field: before →
 * after', counts and lists as text, anything else as compact JSON. Nothing is interpreted as markup.
 */
function DetailLines({ t, details, names }: { t: Translate; details: unknown; names: Names }) {
  if (typeof details !== "object" || details === null || Array.isArray(details)) {
    return details === null || details === undefined ? null : <p className="logs-detail-raw">{detailText(details, names)}</p>;
  }
  const entries = Object.entries(details as Record<string, unknown>);
  return (
    <>
      {entries.map(([key, value]) => {
        const changes =
          key === "changes" && typeof value === "object" && value !== null && !Array.isArray(value)
            ? Object.entries(value as Record<string, unknown>)
            : null;
        return (
          <div key={key} className="logs-detail-line">
            <dt>{key}</dt>
            <dd>
              {changes ? (
                <ul className="logs-changes">
                  {changes.map(([field, change]) => {
                    const pair = beforeAfter(change);
                    return (
                      <li key={field}>
                        <code>{field}</code>:{" "}
                        {pair
                          ? t("logs:details.change", { from: detailText(pair.from, names), to: detailText(pair.to, names) })
                          : detailText(change, names)}
                      </li>
                    );
                  })}
                </ul>
              ) : (
                detailText(value, names)
              )}
            </dd>
          </div>
        );
      })}
    </>
  );
}

/** Props of {@link LogsEntries}. */
export interface LogsEntriesProps {
  items: readonly LogEntryItem[];
  timezone: string;
}

/** The access token an entry was made with (its details' `viaToken`), if any. */
function viaTokenOf(details: unknown): string | null {
  if (typeof details !== "object" || details === null) return null;
  const via = (details as Record<string, unknown>).viaToken;
  return typeof via === "string" ? via : null;
}

/** "via token 'name'" under the actor of an entry made with an access token. */
function ViaToken({ name, t }: { name: string | null; t: Translate }) {
  return name === null ? null : <span className="cell-secondary">{t("logs:list.viaToken", { name })}</span>;
}

/** The number of columns of an entry's row: its details row spans them all. */
const COLUMNS = 6;

/**
 * The access-log entries as a table (cards on phones): time in the admin's zone, actor, action,
 * target, company and outcome, then a full-width row per entry with its details (a native
 * `details` element: it opens without script too, and never squeezes the columns above): the
 * recorded details as a readable list with the accounts named, the source address, client and
 * request id, and the raw JSON behind its own toggle.
 */
export function LogsEntries({ items, timezone }: LogsEntriesProps) {
  const t = useT();
  const lang = useLang();
  const labels = {
    actor: t("logs:columns.actor"),
    action: t("logs:columns.action"),
    target: t("logs:columns.target"),
    team: t("logs:columns.team"),
    outcome: t("logs:columns.outcome"),
  };
  return (
    <table className="data-table logs-table">
      <caption className="visually-hidden">{t("logs:list.caption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("logs:columns.at")}</th>
          <th scope="col">{labels.actor}</th>
          <th scope="col">{labels.action}</th>
          <th scope="col">{labels.target}</th>
          <th scope="col">{labels.team}</th>
          <th scope="col">{labels.outcome}</th>
        </tr>
      </thead>
      {items.map((entry) => {
        const names = entry.names ?? {};
        return (
          <tbody key={entry.id} data-entry={entry.id} className={entry.outcome === "failure" ? "logs-entry is-failure" : "logs-entry"}>
            <tr>
              <th scope="row" className="col-time">
                <time dateTime={entry.at}>{formatDateTime(entry.at, lang, timezone)}</time>
              </th>
              <td className="col-actor" data-label={labels.actor}>
                {entry.actor.username ?? t("logs:list.system")}
                <ViaToken name={viaTokenOf(entry.details)} t={t} />
              </td>
              <td className="col-action" data-label={labels.action}>
                <span className="log-action" title={entry.action} data-action={entry.action}>
                  {logActionLabel(t, entry.action)}
                </span>
              </td>
              <td className="col-target" data-label={labels.target}>
                {entry.target ? `${logTargetLabel(t, entry.target.type)}: ${named(entry.target.id, names)}` : "—"}
              </td>
              <td className="col-team" data-label={labels.team}>
                {entry.team ?? "—"}
              </td>
              <td className="col-outcome" data-label={labels.outcome}>
                <span className={entry.outcome === "failure" ? "badge badge-danger" : "badge badge-success"}>
                  {t(`logs:outcomes.${entry.outcome}`)}
                </span>
              </td>
            </tr>
            <tr className="logs-details-row">
              <td colSpan={COLUMNS} className="col-details">
                <details className="logs-details">
                  <summary>{t("logs:details.show")}</summary>
                  <dl>
                    <DetailLines t={t} details={entry.details} names={names} />
                    <div className="logs-detail-line">
                      <dt>{t("logs:details.ip")}</dt>
                      <dd>{entry.ip ?? "—"}</dd>
                    </div>
                    <div className="logs-detail-line">
                      <dt>{t("logs:details.userAgent")}</dt>
                      <dd>{entry.userAgent ?? "—"}</dd>
                    </div>
                    <div className="logs-detail-line">
                      <dt>{t("logs:details.requestId")}</dt>
                      <dd>
                        <code>{entry.requestId ?? "—"}</code>
                      </dd>
                    </div>
                  </dl>
                  {entry.details === null || entry.details === undefined ? null : (
                    <details className="logs-raw">
                      <summary>{t("logs:details.raw")}</summary>
                      <pre>{JSON.stringify(entry.details, null, 2)}</pre>
                    </details>
                  )}
                </details>
              </td>
            </tr>
          </tbody>
        );
      })}
    </table>
  );
}
