import { useEffect, useRef } from "react";
import type { InviteListItem } from "../../../shared/schemas/invite";
import { DateTime } from "../DateTime";
import { EmailText } from "../list/EmailText";
import { useT } from "../render-context";

/** Props of {@link InvitesGrid}. */
export interface InvitesGridProps {
  items: readonly InviteListItem[];
  order: "asc" | "desc";
  selected: ReadonlySet<string>;
  timezone: string;
  busy: boolean;
  onSort: () => void;
  onToggle: (id: string) => void;
  onTogglePage: (select: boolean) => void;
  onAction: (action: "resend" | "delete", ids: string[]) => void;
}

/**
 * The invitations table: a checkbox per row and one for the page, the expiry column sortable
 * (`aria-sort`), and resend / delete per row. On a phone each row is a card of labelled lines.
 */
export function InvitesGrid({ items, order, selected, timezone, busy, onSort, onToggle, onTogglePage, onAction }: InvitesGridProps) {
  const t = useT();
  const pageBox = useRef<HTMLInputElement>(null);
  const chosen = items.filter((item) => selected.has(item.id)).length;
  const allChosen = items.length > 0 && chosen === items.length;
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = chosen > 0 && !allChosen;
  }, [chosen, allChosen]);
  const labels = {
    company: t("invites:pending.company"),
    type: t("invites:pending.type"),
    state: t("invites:pending.state"),
    expires: t("invites:pending.expires"),
  };
  return (
    <table className="data-table list-table invites-table">
      <caption className="visually-hidden">{t("invites:pending.caption")}</caption>
      <thead>
        <tr>
          <th scope="col" className="col-select">
            <input
              ref={pageBox}
              type="checkbox"
              aria-label={t("invites:pending.selectPage")}
              checked={allChosen}
              disabled={items.length === 0}
              onChange={(event) => onTogglePage(event.target.checked)}
            />
          </th>
          <th scope="col">{t("invites:pending.address")}</th>
          <th scope="col">{labels.company}</th>
          <th scope="col">{labels.type}</th>
          <th scope="col">{labels.state}</th>
          <th scope="col" aria-sort={order === "desc" ? "descending" : "ascending"} className="is-sorted">
            <button type="button" className="sort-link sort-button" onClick={onSort} title={t("invites:pending.sortExpiry")}>
              {labels.expires}
              <span className="sort-mark" aria-hidden="true">
                {order === "desc" ? "▼" : "▲"}
              </span>
            </button>
          </th>
          <th scope="col" className="col-actions">
            {t("invites:pending.actions")}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const isSelected = selected.has(item.id);
          return (
            <tr key={item.id} className={isSelected ? "is-selected" : undefined} data-invite={item.id} data-address={item.address}>
              <td className="col-select">
                <input
                  type="checkbox"
                  aria-label={t("invites:pending.select", { address: item.address })}
                  checked={isSelected}
                  onChange={() => onToggle(item.id)}
                />
              </td>
              <th scope="row" className="col-address">
                <EmailText value={item.address} />
              </th>
              <td className="col-team" data-label={labels.company}>
                {item.team.teamName}
              </td>
              <td className="col-type" data-label={labels.type}>
                {t(`invites:pending.types.${item.type}`)}
              </td>
              <td className="col-state" data-label={labels.state} data-state={item.state}>
                {t(`invites:pending.states.${item.state}`)}
              </td>
              <td className="col-time" data-label={labels.expires}>
                <DateTime iso={item.expiration} timezone={timezone} />
              </td>
              <td className="col-actions cell-block">
                {item.state !== "accepted" ? (
                  <span className="row-actions">
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busy}
                      aria-label={t("invites:pending.resendOne", { address: item.address })}
                      onClick={() => onAction("resend", [item.id])}
                    >
                      {t("invites:pending.resend")}
                    </button>
                    <button
                      type="button"
                      className="button button-small button-danger"
                      disabled={busy}
                      aria-label={t("invites:pending.deleteOne", { address: item.address })}
                      onClick={() => onAction("delete", [item.id])}
                    >
                      {t("invites:pending.delete")}
                    </button>
                  </span>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
