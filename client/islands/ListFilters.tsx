/**
 * The toolbar of every server-rendered list ("The list pattern"): a plain GET form
 * (search, filter selects, a submit button; the page size rides along as a hidden field) that works without script; hydrated, it
 * filters as you type (300 ms after the last key) and on a select change, by loading the list's
 * address, and puts focus and caret back in the field on the new page. Keys typed while the next
 * page loads are carried over and searched in turn.
 */
import { useEffect, useRef, type ChangeEvent } from "react";
import { useEffectEvent, useId } from "../components/hooks";
import { listHref, type ListFiltersProps } from "../components/list/listQuery";
import { FilterForm, FilterSearch, FilterSelect } from "../components/list/FilterForm";
import { enhanceExportMenus } from "../components/list/exportMenu";
import { useHydrated } from "../components/useHydrated";

export type { ListFiltersProps } from "../components/list/listQuery";

/** How long typing pauses before the search runs (the users list's delay too). */
export const SEARCH_DELAY_MS = 300;

/** sessionStorage key: the field to focus on the next page of the same list, with its caret. */
const FOCUS_KEY = "bulwark:list-focus";

interface FocusRecord {
  action: string;
  name: string;
  value: string;
  start: number | null;
  end: number | null;
}

function readFocus(): FocusRecord | null {
  try {
    const text = sessionStorage.getItem(FOCUS_KEY);
    sessionStorage.removeItem(FOCUS_KEY);
    return text ? (JSON.parse(text) as FocusRecord) : null;
  } catch {
    return null;
  }
}

function writeFocus(record: FocusRecord): void {
  try {
    sessionStorage.setItem(FOCUS_KEY, JSON.stringify(record));
  } catch {
    // Storage refused (private mode): the list still loads, without focus restored.
  }
}

/** The form's address: its fields without empty values or the default page size. */
function formHref(form: HTMLFormElement, action: string, defaultLimit: number): string {
  const params: Record<string, string> = {};
  new FormData(form).forEach((value, name) => {
    if (typeof value === "string") params[name] = value.trim();
  });
  return listHref(action, params, defaultLimit);
}

/** The toolbar form. */
export function ListFilters({ action, label, search, selects, keep, limit }: ListFiltersProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const enhanced = useHydrated();

  /** Loads the form's address (unless it is this page's), remembering the field to refocus. */
  const go = (field: HTMLInputElement | HTMLSelectElement) => {
    if (!form.current) return;
    const href = formHref(form.current, action, limit.default);
    if (href === `${window.location.pathname}${window.location.search}`) return;
    const caret = field instanceof HTMLInputElement ? { start: field.selectionStart, end: field.selectionEnd } : { start: null, end: null };
    writeFocus({ action, name: field.name, value: field.value, ...caret });
    window.location.assign(href);
  };

  // Once, after hydration: the field the previous page was typed in takes the focus back.
  const restoreFocus = useEffectEvent(() => {
    const record = readFocus();
    if (!record || record.action !== action || !form.current) return;
    const field = form.current.elements.namedItem(record.name);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
    // Focus only if nothing else took it while the page loaded.
    if (document.activeElement && document.activeElement !== document.body) return;
    field.focus();
    if (field instanceof HTMLInputElement) {
      // Keys typed while this page loaded went into the previous one: carry them over.
      if (record.value !== field.value && record.value.trim() !== (search?.value ?? "")) {
        field.value = record.value;
        timer.current = setTimeout(() => go(field), SEARCH_DELAY_MS);
      }
      const end = field.value.length;
      field.setSelectionRange(Math.min(record.start ?? end, end), Math.min(record.end ?? end, end));
    }
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  });
  useEffect(() => restoreFocus(), []);
  // The page's export menu is server-rendered: this island (loaded anyway) makes it dismissible.
  useEffect(() => enhanceExportMenus(), []);

  const onSearch = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => go(field), SEARCH_DELAY_MS);
  };
  const onSelect = (event: ChangeEvent<HTMLSelectElement>) => {
    if (timer.current) clearTimeout(timer.current);
    go(event.currentTarget);
  };

  return (
    <FilterForm action={action} label={label} live={enhanced} formRef={form}>
      {search ? (
        <FilterSearch
          id={`${id}search`}
          label={search.label}
          defaultValue={search.value}
          placeholder={search.placeholder}
          maxLength={search.maxLength}
          onChange={onSearch}
        />
      ) : null}
      {selects.map((select) => (
        <FilterSelect
          key={select.name}
          id={`${id}${select.name}`}
          name={select.name}
          label={select.label}
          anyLabel={select.anyLabel}
          options={select.options}
          defaultValue={select.value}
          onChange={onSelect}
        />
      ))}
      {/* 'Rows per page' is in the bottom pager (issue 27); a filter change keeps the size chosen there. */}
      {limit.value !== limit.default ? <input type="hidden" name="limit" value={String(limit.value)} /> : null}
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </FilterForm>
  );
}
