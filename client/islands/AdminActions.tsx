import { useRef, useState, type FormEvent } from "react";
import { useId } from "../components/hooks";
import { createAdminsApi } from "../../shared/api/admins";
import { Alert } from "../components/forms/Alert";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useT } from "../components/render-context";
import { reloadWithStatus } from "../components/status/pageStatus";

/** An action on another admin's account. */
export type AdminAction = "block" | "activate" | "unlock" | "delete";
type Action = AdminAction;

/** Props of the admin-actions island: the admin and which actions the server allows the viewer. */
export interface AdminActionsProps {
  csrfToken: string;
  uid: string;
  name: string;
  allowed: Action[];
}

const TEXT = {
  block: { button: "admins:actions.block", title: "admins:actions.blockTitle", body: "admins:actions.blockBody" },
  activate: { button: "admins:actions.activate", title: "admins:actions.activateTitle", body: "admins:actions.activateBody" },
  unlock: { button: "admins:actions.unlock", title: "admins:actions.unlockTitle", body: "admins:actions.unlockBody" },
  delete: { button: "admins:actions.delete", title: "admins:actions.deleteTitle", body: "admins:actions.deleteBody" },
} as const;

/**
 * Another admin's profile → block, activate, unlock (root) or delete, each confirmed in a modal dialog with
 * explicit Cancel and Confirm. Block, activate and unlock reload the page to show the new status
 * (and say what happened in the status region);
 * delete returns to the list. A refusal is shown inside the dialog.
 */
export function AdminActions({ csrfToken, uid, name, allowed }: AdminActionsProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const messageFor = useCallMessage();

  const open = (next: Action) => {
    setAction(next);
    setFailure(null);
    dialog.current?.showModal();
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!action || busy) return;
    setBusy(true);
    setFailure(null);
    const api = createAdminsApi({ csrfToken });
    try {
      if (action === "delete") {
        await api.remove(uid);
        window.location.assign("/admins/manage");
        return;
      }
      await (action === "block" ? api.block(uid) : action === "unlock" ? api.unlock(uid) : api.activate(uid));
      // Reloaded to show the new status, with the outcome in the page's status region.
      reloadWithStatus(
        t(action === "block" ? "errors:adminBlock200" : action === "unlock" ? "errors:adminUnlock200" : "errors:adminActivate200"),
      );
    } catch (error) {
      setFailure(messageFor(error));
      setBusy(false);
    }
  };

  const text = action ? TEXT[action] : null;
  return (
    <div className="admin-actions">
      <p className="card-note">{t("admins:actions.intro")}</p>
      <div className="form-actions form-actions-start">
        {allowed.map((item) => (
          <button
            key={item}
            type="button"
            className={item === "activate" || item === "unlock" ? "button button-primary" : "button button-danger"}
            aria-haspopup="dialog"
            onClick={() => open(item)}
          >
            {t(TEXT[item].button)}
          </button>
        ))}
      </div>
      <dialog
        ref={dialog}
        className="dialog"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onCancel={(event) => {
          if (busy) event.preventDefault();
        }}
      >
        <form className="form" noValidate onSubmit={(event) => void confirm(event)}>
          <h2 id={titleId} className="dialog-title">
            {text ? t(text.title, { name }) : ""}
          </h2>
          <p id={bodyId}>{text ? t(text.body) : ""}</p>
          {failure ? <Alert variant="error">{failure}</Alert> : null}
          <div className="dialog-actions">
            <button type="button" className="button" disabled={busy} onClick={() => dialog.current?.close()}>
              {t("admins:actions.cancel")}
            </button>
            <SubmitButton busy={busy} variant={action === "activate" || action === "unlock" ? "primary" : "danger"}>
              {t("admins:actions.confirm")}
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </div>
  );
}
