import { useRef, useState } from "react";
import { useId } from "../components/hooks";
import { createTeamsApi } from "../../shared/api/teams";
import { Alert } from "../components/forms/Alert";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useT } from "../components/render-context";

/** Props of the delete-team island (rendered for root only). */
export interface TeamDeleteProps {
  slug: string;
  teamName: string;
  userCount: number;
  csrfToken: string;
}

/**
 * Team → danger zone: a modal dialog that names the team asks for confirmation before
 * `DELETE v2/team`. A team that still has users cannot be deleted, so the dialog says why and
 * offers no confirm button. On success the browser returns to the list, which confirms it.
 */
export function TeamDelete({ slug, teamName, userCount, csrfToken }: TeamDeleteProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const blocked = userCount > 0;

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await createTeamsApi({ csrfToken }).remove({ slug });
      window.location.assign(`/teams?deleted=${encodeURIComponent(slug)}`);
    } catch (error) {
      setFailure(messageFor(error));
      setBusy(false);
    }
  };

  return (
    <div className="danger-zone">
      <p>{t("teams:delete.intro")}</p>
      <button type="button" className="button button-danger" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        {t("teams:delete.open")}
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={titleId} aria-describedby={bodyId} onClose={() => setFailure(null)}>
        <div className="form">
          <h2 id={titleId} className="dialog-title">
            {t("teams:delete.dialogTitle", { name: teamName })}
          </h2>
          <p id={bodyId}>{t("teams:delete.dialogBody", { name: teamName, slug })}</p>
          {blocked ? <Alert variant="info">{t("errors:teamDelete422")}</Alert> : null}
          {failure ? <Alert variant="error">{failure}</Alert> : null}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => dialog.current?.close()} disabled={busy}>
              {t("teams:delete.cancel")}
            </button>
            {blocked ? null : (
              <button type="button" className="button button-danger" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
                {busy ? <span className="spinner" aria-hidden="true" /> : null}
                {t("teams:delete.confirm")}
              </button>
            )}
          </div>
        </div>
      </dialog>
    </div>
  );
}
