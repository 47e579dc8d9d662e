/**
 * The query model every server-rendered list shares ("The list pattern" in
 * docs/DECISIONS.md): one description of a list's search, filters, page size and kept sort,
 * from which the toolbar (ListFilters), the active-filter chips and every link are drawn, so
 * they cannot disagree.
 */

/** One `<select>` filter of a list's toolbar. */
export interface ListFilterSelect {
  /** The query parameter (`status`, `team`…). */
  name: string;
  label: string;
  /** The current value; "" is 'any'. */
  value: string;
  /** The text of the "" option ('Any', 'All'). */
  anyLabel: string;
  options: { value: string; label: string }[];
}

/** The search box of a list's toolbar. */
export interface ListFilterSearch {
  label: string;
  placeholder: string;
  value: string;
  maxLength: number;
}

/** Everything a list's toolbar, chips and links are drawn from; serializable (island props). */
export interface ListFiltersProps {
  /** The list's path, e.g. `/teams`. */
  action: string;
  /** The toolbar form's accessible name. */
  label: string;
  search: ListFilterSearch | null;
  selects: ListFilterSelect[];
  /** Parameters a filter change keeps (sort and order, when not the default); never the cursor. */
  keep: Record<string, string>;
  /** The page size and the default one (left out of links). */
  limit: { value: number; default: number };
}

/**
 * A list's `keep` (ListFiltersProps): its sort and order where they differ from the list's
 * default, so a filter change keeps them and links leave the defaults out.
 */
export function keptSort(query: { sort?: string; order: string }, defaults: { sort?: string; order: string }): Record<string, string> {
  const keep: Record<string, string> = {};
  if (query.sort !== undefined && query.sort !== defaults.sort) keep.sort = query.sort;
  if (query.order !== defaults.order) keep.order = query.order;
  return keep;
}

/** An address of the list: `path?…` with empty values and the default page size left out. */
export function listHref(path: string, params: Record<string, string | number | null | undefined>, defaultLimit?: number): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "") continue;
    if (name === "limit" && defaultLimit !== undefined && Number(value) === defaultLimit) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The list's current parameters (filters, kept sort, page size), without a cursor. */
export function currentParams(filters: ListFiltersProps): Record<string, string> {
  const params: Record<string, string> = { ...filters.keep };
  if (filters.search && filters.search.value) params.search = filters.search.value;
  for (const select of filters.selects) if (select.value) params[select.name] = select.value;
  params.limit = String(filters.limit.value);
  return params;
}

/** The address of the list with some parameters changed (the cursor dropped unless given). */
export function hrefWith(filters: ListFiltersProps, changes: Record<string, string | number | null | undefined> = {}): string {
  return listHref(filters.action, { ...currentParams(filters), ...changes }, filters.limit.default);
}

/** One active filter as a removable chip: its text and the address without it. */
export interface ListChip {
  name: string;
  label: string;
  value: string;
  href: string;
}

/** The active filters of a list, in toolbar order, each with the link that removes it. */
export function activeChips(filters: ListFiltersProps): ListChip[] {
  const chips: ListChip[] = [];
  if (filters.search && filters.search.value) {
    chips.push({ name: "search", label: filters.search.label, value: filters.search.value, href: hrefWith(filters, { search: null }) });
  }
  for (const select of filters.selects) {
    if (!select.value) continue;
    const option = select.options.find((candidate) => candidate.value === select.value);
    chips.push({
      name: select.name,
      label: select.label,
      value: option?.label ?? select.value,
      href: hrefWith(filters, { [select.name]: null }),
    });
  }
  return chips;
}

/** The list without any filter (kept sort and page size stay). */
export function clearedHref(filters: ListFiltersProps): string {
  return listHref(filters.action, { ...filters.keep, limit: filters.limit.value }, filters.limit.default);
}
