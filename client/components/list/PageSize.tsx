/**
 * The page-size choice every list offers (25 / 50 / 100 / 200 rows, the API's limit bound). A
 * change goes back to the first page: a keyset cursor belongs to the page size it was cut for.
 */
import { useId } from "react";
import { useT } from "../render-context";

/** The sizes offered; 200 is `listLimit.max`. */
export const PAGE_SIZES = [25, 50, 100, 200] as const;

/** Props of {@link PageSize}. */
export interface PageSizeProps {
  value: number;
  onChange: (limit: number) => void;
  disabled?: boolean;
}

/** A labelled select of {@link PAGE_SIZES} (a value outside them, from a link, is offered too). */
export function PageSize({ value, onChange, disabled }: PageSizeProps) {
  const t = useT();
  const id = useId();
  const sizes: number[] = (PAGE_SIZES as readonly number[]).includes(value)
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, value].sort((a, b) => a - b);
  return (
    <span className="page-size">
      <label htmlFor={id}>{t("common:list.pageSize")}</label>
      <select id={id} className="input" value={value} disabled={disabled} onChange={(event) => onChange(Number(event.target.value))}>
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </span>
  );
}
