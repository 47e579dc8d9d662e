/**
 * The active-filter chips every list shows under its toolbar: one chip per filter in
 * force, each removing only that filter, and 'Clear filters' removing them all. Server-rendered
 * lists give links (they work without script); an island gives `onRemove` / `onClear` and gets
 * buttons, and moves focus itself when a chip disappears. Without `clearHref` or `onClear` there is
 * no 'Clear filters' here (the users toolbar has its own).
 */
import { useT } from "../render-context";

/** A chip: what is filtered and, for links, the address without it. */
export interface FilterChip {
  name: string;
  label: string;
  value: string;
  href?: string;
}

/** Props of {@link FilterChips}. */
export interface FilterChipsProps {
  chips: FilterChip[];
  clearHref?: string;
  onRemove?: (name: string) => void;
  onClear?: () => void;
}

/** The chips row; nothing when no filter is in force. */
export function FilterChips({ chips, clearHref, onRemove, onClear }: FilterChipsProps) {
  const t = useT();
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips">
      <ul aria-label={t("common:list.activeFilters")}>
        {chips.map((chip) => {
          const text = `${chip.label}: ${chip.value}`;
          const name = t("common:list.removeFilter", { filter: text });
          const content = (
            <>
              <span className="chip-text">{text}</span>
              <span className="chip-remove" aria-hidden="true">
                ×
              </span>
            </>
          );
          return (
            <li key={chip.name}>
              {onRemove ? (
                <button type="button" className="chip" data-chip={chip.name} aria-label={name} onClick={() => onRemove(chip.name)}>
                  {content}
                </button>
              ) : (
                <a className="chip" data-chip={chip.name} href={chip.href} aria-label={name}>
                  {content}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {onClear ? (
        <button type="button" className="button button-link filters-clear" onClick={onClear}>
          {t("common:list.clear")}
        </button>
      ) : clearHref ? (
        <a className="button button-link filters-clear" href={clearHref}>
          {t("common:list.clear")}
        </a>
      ) : null}
    </div>
  );
}
