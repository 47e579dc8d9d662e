/**
 * Previous page / Next page for an island's keyset list, above and below the rows: the
 * bottom one is the `nav` landmark and carries 'Rows per page'; the top one is a plain group, so
 * the page does not carry two landmarks of the same name. Words from `common:list` on every list.
 */
import type { ReactNode } from "react";
import { useT } from "../render-context";

/** Props of {@link Pager}. */
export interface PagerProps {
  position: "top" | "bottom";
  /** The landmark's name (bottom) or the group's (top). */
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** Shown at the start of the row (the bottom pager's 'Rows per page'). */
  children?: ReactNode;
}

/** The pager row; the top one only when there is another page. */
export function Pager({ position, label, hasPrevious, hasNext, busy, onPrevious, onNext, children }: PagerProps) {
  const t = useT();
  if (position === "top" && !hasPrevious && !hasNext) return null;
  const buttons = (
    <>
      {children}
      <span className="pager-buttons">
        <button type="button" className="button" disabled={!hasPrevious || busy} onClick={onPrevious}>
          {t("common:list.previous")}
        </button>
        <button type="button" className="button" disabled={!hasNext || busy} onClick={onNext}>
          {t("common:list.next")}
        </button>
      </span>
    </>
  );
  return position === "bottom" ? (
    <nav className="pager pager-bottom" aria-label={label}>
      {buttons}
    </nav>
  ) : (
    <div className="pager pager-top" role="group" aria-label={label}>
      {buttons}
    </div>
  );
}
