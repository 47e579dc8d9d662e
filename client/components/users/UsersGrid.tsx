import { useEffect, useRef } from "react";
import type { USER_SORT_FIELDS } from "../../../shared/schemas/user";
import { useLang, useT } from "../render-context";
import { EmailText } from "../list/EmailText";
import { displayName, rowCells } from "./format";
import type { UserListItem, UsersQuery } from "./types";

/** A sortable column of the users list. */
export type SortField = (typeof USER_SORT_FIELDS)[number];

/** Props of {@link UsersGrid}. */
export interface UsersGridProps {
  items: readonly UserListItem[];
  query: UsersQuery;
  selected: ReadonlySet<string>;
  timezone: string;
  onSort: (field: SortField) => void;
  onToggle: (uid: string) => void;
  onTogglePage: (select: boolean) => void;
}

const DEVICES_KEY = ["users:list", "devices"].join(".");

function SortHeader({ field, query, onSort }: { field: SortField; query: UsersQuery; onSort: (field: SortField) => void }) {
  const t = useT();
  const active = query.sort === field;
  const sort = active ? (query.order === "desc" ? "descending" : "ascending") : undefined;
  return (
    <th scope="col" aria-sort={sort} className={active ? "is-sorted" : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(field)}>
        {t(`users:columns.${field}`)}
        <span className="sort-mark" aria-hidden="true">
          {active ? (query.order === "desc" ? "▼" : "▲") : "↕"}
        </span>
      </button>
    </th>
  );
}

/**
 * The users table: a checkbox per row and one for the whole page (indeterminate when only some
 * are selected), sortable column headers with `aria-sort`, and each name linking to the profile.
 */
export function UsersGrid({ items, query, selected, timezone, onSort, onToggle, onTogglePage }: UsersGridProps) {
  const t = useT();
  const lang = useLang();
  const cells = rowCells(t, lang, timezone);
  const pageBox = useRef<HTMLInputElement>(null);
  const chosen = items.filter((user) => selected.has(user.uid)).length;
  const allChosen = items.length > 0 && chosen === items.length;

  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = chosen > 0 && !allChosen;
  }, [chosen, allChosen]);

  const sortable: SortField[] = ["name", "username", "team", "status", "createdOn", "lastSeen"];
  // Column names again on each cell: a phone shows each row as a card of labelled lines.
  const labels = {
    username: t("users:columns.username"),
    team: t("users:columns.team"),
    status: t("users:columns.status"),
    createdOn: t("users:columns.createdOn"),
    lastSeen: t("users:columns.lastSeen"),
    devices: t("users:columns.devices"),
  };
  return (
    <table className="data-table users-table">
      <caption className="visually-hidden">{t("users:list.caption")}</caption>
      <thead>
        <tr>
          <th scope="col" className="col-select">
            <input
              ref={pageBox}
              type="checkbox"
              aria-label={t("users:list.selectPage")}
              checked={allChosen}
              disabled={items.length === 0}
              onChange={(event) => onTogglePage(event.target.checked)}
            />
          </th>
          {sortable.map((field) => (
            <SortHeader key={field} field={field} query={query} onSort={onSort} />
          ))}
          <th scope="col" className="col-number">
            {t("users:columns.devices")}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((user) => {
          const name = displayName(user);
          const isSelected = selected.has(user.uid);
          return (
            <tr key={user.uid} className={isSelected ? "is-selected" : undefined} data-uid={user.uid}>
              <td className="col-select">
                <input
                  type="checkbox"
                  aria-label={t("users:list.selectUser", { name })}
                  checked={isSelected}
                  onChange={() => onToggle(user.uid)}
                />
              </td>
              <th scope="row" className="col-name">
                <a href={`/users/profile/${encodeURIComponent(user.uid)}`}>{name}</a>
                {cells.flags(user)}
              </th>
              <td className="col-username" data-label={labels.username}>
                <EmailText value={user.username} />
              </td>
              <td className="col-team" data-label={labels.team}>
                {user.team.teamName}
              </td>
              <td className="col-status" data-label={labels.status}>
                {cells.status(user.status)}
              </td>
              <td className="col-time" data-label={labels.createdOn}>
                {cells.time(user.createdOn)}
              </td>
              <td className="col-time" data-label={labels.lastSeen}>
                {cells.time(user.lastSeen)}
              </td>
              <td className="col-number" data-label={labels.devices} title={t(DEVICES_KEY, { count: user.deviceCount })}>
                {user.deviceCount}
                {user.appOutdated ? (
                  <>
                    {" "}
                    <span className="badge badge-outdated" data-outdated="true">
                      {t("users:devices.outdated")}
                    </span>
                  </>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
