/**
 * The empty state every list shows instead of an empty table: what is missing (title), why or
 * what to change (hint), and the action that fixes it (a link or button), so an empty list is
 * never a dead end.
 */
import type { ReactNode } from "react";

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  title: string;
  hint?: string | null;
  /** The fixing action: usually a primary link ('Create user') or a 'Clear filters' button. */
  action?: ReactNode;
}

/** The dashed empty-state box. */
export function EmptyState({ title, hint, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <p className="empty-title">{title}</p>
      {hint ? <p>{hint}</p> : null}
      {action ? <div className="empty-action">{action}</div> : null}
    </div>
  );
}
