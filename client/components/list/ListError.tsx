/**
 * The error state every list shows when its rows could not be read: what happened, and
 * the way to try again (a link to the same address, or an island's retry). It replaces the rows,
 * not the page: the toolbar stays, so the admin can change the filter that failed.
 */
import { useT } from "../render-context";

/** Props of {@link ListError}. */
export interface ListErrorProps {
  /** What went wrong, from the error catalogue. */
  message: string;
  /** Where 'Try again' leads (server-rendered lists). */
  retryHref?: string;
  onRetry?: () => void;
}

/** The alert box in place of the rows. */
export function ListError({ message, retryHref, onRetry }: ListErrorProps) {
  const t = useT();
  return (
    <div className="list-error" role="alert">
      <p className="list-error-title">{t("common:list.errorTitle")}</p>
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t("common:list.retry")}
        </button>
      ) : retryHref ? (
        <a className="button" href={retryHref}>
          {t("common:list.retry")}
        </a>
      ) : null}
    </div>
  );
}
