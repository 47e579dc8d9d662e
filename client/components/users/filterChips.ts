/**
 * The users list's active-filter chips (the list pattern): one per filter of
 * `USER_FILTER_FIELDS` in force, labelled as the toolbar labels it. A field without a known
 * label (a filter added later) still gets a chip, with its name and value, so a filter in force is
 * never invisible.
 */
import { USER_FILTER_FIELDS } from "../../../shared/schemas/user";
import type { FilterChip } from "../list/FilterChips";
import type { Translate } from "../render-context";
import { platformLabel } from "./format";
import { filterOf } from "./query";
import type { TeamOption, UsersQuery } from "./types";

/** The chips of a query, in toolbar order. */
export function userFilterChips(t: Translate, query: UsersQuery, teams: readonly TeamOption[]): FilterChip[] {
  const filter: Record<string, unknown> = { ...filterOf(query) };
  const chips: FilterChip[] = [];
  for (const name of USER_FILTER_FIELDS as readonly string[]) {
    const value = filter[name];
    if (value === undefined || value === null || value === "") continue;
    chips.push({ name, ...chipText(t, name, value, teams) });
  }
  return chips;
}

function chipText(t: Translate, name: string, value: unknown, teams: readonly TeamOption[]): { label: string; value: string } {
  const yesNo = (flag: unknown) => t(flag === true || flag === "true" ? "users:list.yes" : "users:list.no");
  switch (name) {
    case "search":
      return { label: t("users:list.search"), value: String(value) };
    case "status":
      return { label: t("users:list.status"), value: t(`users:statuses.${String(value)}`) };
    case "team":
      return { label: t("users:list.team"), value: teams.find((team) => team.slug === value)?.teamName ?? String(value) };
    case "platform":
      return { label: t("users:list.platform"), value: platformLabel(t, Number(value)) };
    case "lastSeen":
      return { label: t("users:list.lastSeen"), value: t(`users:list.lastSeenGroups.${String(value)}`) };
    case "ecs":
    case "sip":
    case "cellcrypt":
      return { label: t(`users:flags.${name}Short`), value: yesNo(value) };
    default:
      return { label: name, value: String(value) };
  }
}
