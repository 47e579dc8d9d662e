/**
 * 'Rows per page', in one place on every list (issue 27): the bottom pager, as a row of choices
 * (25 / 50 / 100 / 200, the API's limit bound). Server-rendered lists give links (paging works
 * without script), islands buttons. A change goes back to the first page: a keyset cursor belongs
 * to the page size it was cut for.
 */
import { useId } from "../hooks";
import { useT } from "../render-context";

/** The sizes offered; 200 is `listLimit.max`. */
export const PAGE_SIZES = [25, 50, 100, 200] as const;

/** Props of {@link PageSize}: `hrefOf` (links) or `onChange` (buttons). */
export interface PageSizeProps {
  value: number;
  hrefOf?: (limit: number) => string;
  onChange?: (limit: number) => void;
  disabled?: boolean;
}

/** The sizes to offer: {@link PAGE_SIZES}, plus a value outside them (from a link). */
export function pageSizesFor(value: number): number[] {
  return (PAGE_SIZES as readonly number[]).includes(value) ? [...PAGE_SIZES] : [...PAGE_SIZES, value].sort((a, b) => a - b);
}

/** The labelled group of sizes; the current one is marked (aria-current) and not a control. */
export function PageSize({ value, hrefOf, onChange, disabled }: PageSizeProps) {
  const t = useT();
  const id = useId();
  return (
    <div className="page-size" role="group" aria-labelledby={id}>
      <span id={id} className="page-size-label">
        {t("common:list.pageSize")}
      </span>
      <ul className="page-size-options">
        {pageSizesFor(value).map((size) => (
          <li key={size}>
            {size === value ? (
              <span className="page-size-option is-current" aria-current="true">
                {size}
              </span>
            ) : hrefOf ? (
              <a className="page-size-option" href={hrefOf(size)}>
                {size}
              </a>
            ) : (
              <button type="button" className="page-size-option" disabled={disabled} onClick={() => onChange?.(size)}>
                {size}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
