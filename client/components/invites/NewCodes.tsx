import { useT } from "../render-context";
import { downloadCsv } from "./download";

/**
 * The new codes of resent handle invitations (the old codes stop working): shown once, with the
 * same CSV download as the wizard's results.
 */
export function NewCodes({ codes }: { codes: { address: string; id: string; code: string }[] }) {
  const t = useT();
  return (
    <div className="invite-codes">
      <p>{t("invites:complete.codesOnce")}</p>
      <ul className="invite-new-codes">
        {codes.map((item) => (
          <li key={item.id} data-address={item.address}>
            {item.address}: <code className="invite-code">{item.code}</code>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button-small"
        onClick={() =>
          void import("./csv").then(({ codesCsv }) =>
            downloadCsv(
              "invitation-codes.csv",
              codesCsv({ ok: codes, failed: [] }, [t("invites:complete.csvHandle"), t("invites:complete.csvCode")]),
            ),
          )
        }
      >
        {t("invites:complete.download")}
      </button>
    </div>
  );
}
