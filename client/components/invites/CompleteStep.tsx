import type { InviteType } from "../../../shared/domain/statuses";
import { useLang, useT } from "../render-context";
import { downloadCsv } from "./download";
import { failureText, plural } from "./types";
import type { SendResult } from "./wizardState";

/**
 * Step 4: the result of each address. Handles' invitation codes are shown here once (the server
 * stores them hashed) and can be downloaded as a CSV built from this answer in the browser.
 */
export function CompleteStep({ type, result, teamSlug }: { type: InviteType; result: SendResult; teamSlug: string }) {
  const t = useT();
  const lang = useLang();
  const codes = result.ok.filter((item) => item.code).length;
  const doneKey = type === "email" ? "invites:complete.sent" : "invites:complete.created";
  return (
    <div className="invite-complete">
      <p className="invite-complete-summary">
        <span data-result="ok">{plural(t, doneKey, result.ok.length, lang)}</span>
        {result.failed.length > 0 ? (
          <>
            {" · "}
            <span data-result="failed">{plural(t, "invites:complete.failed", result.failed.length, lang)}</span>
          </>
        ) : null}
      </p>
      {codes > 0 ? (
        <div className="invite-codes">
          <p>{t("invites:complete.codesOnce")}</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() =>
              void import("./csv").then(({ codesCsv }) =>
                downloadCsv(
                  `invitation-codes-${teamSlug}.csv`,
                  codesCsv(result, [t("invites:complete.csvHandle"), t("invites:complete.csvCode")]),
                ),
              )
            }
          >
            {t("invites:complete.download")}
          </button>
        </div>
      ) : null}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t("invites:complete.caption")}>
        <table className="data-table invite-results">
          <caption>{t("invites:complete.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("invites:complete.address")}</th>
              <th scope="col">{t("invites:complete.result")}</th>
              {codes > 0 ? <th scope="col">{t("invites:complete.code")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {result.ok.map((item) => (
              <tr key={`ok-${item.id}`} data-address={item.address} data-ok="">
                <th scope="row">{item.address}</th>
                <td>{t("invites:complete.ok")}</td>
                {codes > 0 ? (
                  <td>
                    <code className="invite-code">{item.code ?? ""}</code>
                  </td>
                ) : null}
              </tr>
            ))}
            {result.failed.map((item, index) => (
              <tr key={`failed-${index}-${item.address}`} data-address={item.address} data-failed={item.code}>
                <th scope="row">{item.address}</th>
                <td>{failureText(t, item.code)}</td>
                {codes > 0 ? <td /> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
