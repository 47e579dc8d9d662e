import { useState } from "react";
import type { TeamRef } from "../../shared/api/responses";
import type { LicensePack, LicenseUpdateResponse } from "../../shared/schemas/license";
import { Alert } from "../components/forms/Alert";
import { announceStatus } from "../components/status/pageStatus";
import { LicenseActionDialog, type LicenseAction, type LicenseRow } from "../components/licenses/LicenseActionDialog";
import { StateBadge } from "../components/licenses/format";
import { useLang, useT } from "../components/render-context";
import { formatNumber } from "../lib/datetime";
import { DateTime } from "../components/DateTime";

/** Props of the license packs table. */
export interface LicensesTableProps {
  items: LicenseRow[];
  /** Root: extend, expire and distribute (the server enforces it; admins see no buttons). */
  canManage: boolean;
  /** Companies in scope: the distribution targets; null when the scope is large (searched instead). */
  teams: TeamRef[] | null;
  csrfToken: string;
  timezone: string;
}

const ACTIONS: readonly LicenseAction[] = ["extend", "expire", "distribute"];

/** Which actions a pack offers: an expired pack can only be extended; a one-license pack cannot be split. */
function actionsFor(pack: LicenseRow): LicenseAction[] {
  if (!pack.team) return [];
  if (pack.state === "expired") return ["extend"];
  return ACTIONS.filter((action) => action !== "distribute" || pack.licenseCount > 1);
}

/**
 * The license packs of /licenses (SPEC §2 Licenses → Status): the server renders the page of
 * packs; in the browser root extends, expires or distributes a pack after a confirmation that
 * states the effect, and the row (and, for a distribution, the target's new pack) shows what the
 * server now holds without reloading the page; the gauge follows through the seats event.
 */
export function LicensesTable({ items, canManage, teams, csrfToken, timezone }: LicensesTableProps) {
  const t = useT();
  const lang = useLang();
  const [rows, setRows] = useState(items);
  const [open, setOpen] = useState<{ action: LicenseAction; pack: LicenseRow; openedAt: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const done = (result: LicenseUpdateResponse, target: TeamRef | null) => {
    const { created, ...pack } = result;
    const names = new Map<string, string>(
      rows.flatMap((item) => (item.team && item.teamName ? [[item.team, item.teamName] as const] : [])),
    );
    if (target) names.set(target.slug, target.teamName);
    const row = (next: LicensePack): LicenseRow => ({ ...next, teamName: next.team ? (names.get(next.team) ?? next.team) : null });
    setRows((current) => {
      const next = current.map((item) => (item.id === pack.id ? row(pack) : item));
      if (!created) return next;
      const at = next.findIndex((item) => item.id === pack.id);
      return [...next.slice(0, at + 1), row(created), ...next.slice(at + 1)];
    });
    setFresh(new Set(created ? [pack.id, created.id] : [pack.id]));
    // One message per page: the status region's, replacing the previous (here only without one).
    const done = t("errors:licenseEdit200");
    setNotice(announceStatus(done) ? null : done);
    setOpen(null);
  };

  const when = (iso: string) => <DateTime iso={iso} timezone={timezone} />;
  return (
    <div className="licenses-results">
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      <div className="list-table-frame">
        <table className="data-table list-table licenses-table">
          <caption className="visually-hidden">{t("licenses:list.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("licenses:columns.team")}</th>
              <th scope="col">{t("licenses:columns.type")}</th>
              <th scope="col" className="col-number">
                {t("licenses:columns.count")}
              </th>
              <th scope="col">{t("licenses:columns.state")}</th>
              <th scope="col" aria-sort="ascending">
                {t("licenses:columns.expiration")}
              </th>
              {canManage ? <th scope="col">{t("licenses:columns.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((pack) => (
              <tr key={pack.id} data-pack={pack.id} className={fresh.has(pack.id) ? "is-updated" : undefined}>
                <th scope="row" data-label={t("licenses:columns.team")}>
                  {pack.team ? (
                    <a href={`/licenses?team=${encodeURIComponent(pack.team)}`}>{pack.teamName ?? pack.team}</a>
                  ) : (
                    <span className="muted">{t("licenses:list.noTeam")}</span>
                  )}
                </th>
                <td data-label={t("licenses:columns.type")}>
                  {t(`licenses:types.${pack.licenseType}`)}
                  <span className="cell-secondary">
                    {t("licenses:columns.source")}: {t(`licenses:sources.${pack.source}`)}
                  </span>
                </td>
                <td className="col-number" data-label={t("licenses:columns.count")}>
                  {formatNumber(pack.licenseCount, lang)}
                </td>
                <td data-label={t("licenses:columns.state")}>
                  <StateBadge t={t} state={pack.state} />
                </td>
                <td data-label={t("licenses:columns.expiration")}>
                  {when(pack.expiration)}
                  <span className="cell-secondary">
                    {t("licenses:columns.issuedOn")}: {when(pack.issuedOn)}
                  </span>
                </td>
                {canManage ? (
                  <td className="cell-block" data-label={t("licenses:columns.actions")}>
                    <span className="license-actions">
                      {actionsFor(pack).map((action) => (
                        <button
                          key={action}
                          type="button"
                          className={action === "expire" ? "button button-small button-danger" : "button button-small"}
                          aria-haspopup="dialog"
                          aria-label={t(`licenses:actions.${action}Label`, {
                            team: pack.teamName ?? pack.team ?? "",
                            count: pack.licenseCount,
                          })}
                          onClick={() => {
                            setNotice(null);
                            setOpen({ action, pack, openedAt: Date.now() });
                          }}
                        >
                          {t(`licenses:actions.${action}`)}
                        </button>
                      ))}
                    </span>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canManage ? (
        <LicenseActionDialog
          action={open?.action ?? null}
          pack={open?.pack ?? null}
          teams={teams}
          csrfToken={csrfToken}
          timezone={timezone}
          openedAt={open?.openedAt ?? 0}
          onDone={done}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}
