/**
 * Previous / next for an island's keyset list, shown above and below the rows: the
 * bottom one is the `nav` landmark; the top one is a plain group, so the page does not carry two
 * landmarks of the same name.
 */
import type { ReactNode } from "react";

/** Props of {@link Pager}. */
export interface PagerProps {
  position: "top" | "bottom";
  /** The landmark's name (bottom) or the group's (top). */
  label: string;
  previousLabel: string;
  nextLabel: string;
  hasPrevious: boolean;
  hasNext: boolean;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** Shown at the start of the row (the page-size choice, on top). */
  children?: ReactNode;
}

/** The pager row. */
export function Pager({ position, label, previousLabel, nextLabel, hasPrevious, hasNext, busy, onPrevious, onNext, children }: PagerProps) {
  const buttons = (
    <>
      {children}
      <span className="pager-buttons">
        <button type="button" className="button" disabled={!hasPrevious || busy} onClick={onPrevious}>
          {previousLabel}
        </button>
        <button type="button" className="button" disabled={!hasNext || busy} onClick={onNext}>
          {nextLabel}
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
