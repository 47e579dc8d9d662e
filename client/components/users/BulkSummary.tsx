import { useEffect, useRef } from "react";
import { i18nKeyFor, isCatalogueCode } from "../../../shared/errors";
import { Alert } from "../forms/Alert";
import { useT } from "../render-context";
import type { BulkOutcome } from "./types";

const FAILED_KEY = ["users:bulk", "failed"].join(".");

/**
 * The result of a bulk action: how many users it changed and, when some failed, how many and
 * why (the localized catalogue text of each failure code, with its count).
 */
export function BulkSummary({ outcome, onDismiss }: { outcome: BulkOutcome; onDismiss: () => void }) {
  const t = useT();
  const reasons = new Map<string, number>();
  for (const failure of outcome.failed) reasons.set(failure.code, (reasons.get(failure.code) ?? 0) + 1);
  const reasonText = (code: string) => (isCatalogueCode(code) ? t(i18nKeyFor(code)) : code);
  const ok = outcome.ok.length;
  const failed = outcome.failed.length;
  // Each new result takes focus once the confirmation has closed: the buttons that opened it may
  // be gone (a phone hides them once nothing is selected), and the result is what to read next.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const id = window.requestAnimationFrame(() => frame.current?.focus());
    return () => window.cancelAnimationFrame(id);
  }, [outcome]);
  return (
    <div ref={frame} tabIndex={-1} className="bulk-summary-frame">
      <Alert variant={failed > 0 ? "error" : "success"}>
        <div className="bulk-summary">
          <div>
            {ok > 0 || failed === 0 ? (
              <p>{t(`users:bulk.done.${outcome.action}`, { count: ok, team: outcome.team?.teamName ?? "" })}</p>
            ) : null}
            {failed > 0 ? (
              <>
                <p>{t(FAILED_KEY, { count: failed })}</p>
                <ul>
                  {[...reasons].map(([code, n]) => (
                    <li key={code}>{t("users:bulk.reason", { reason: reasonText(code), number: n })}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          <button type="button" className="button button-small" onClick={onDismiss}>
            {t("users:bulk.dismiss")}
          </button>
        </div>
      </Alert>
    </div>
  );
}
