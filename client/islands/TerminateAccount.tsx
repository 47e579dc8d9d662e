import { useRef, useState } from "react";
import { useId } from "../components/hooks";
import { createApiClient } from "../../shared/api/client";
import { sha512Hex } from "../../shared/crypto";
import { obj, str } from "../../shared/schemas/builders";
import { V } from "../../shared/schemas/messages";
import { Alert } from "../components/forms/Alert";
import { PasswordField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { validateForm } from "../components/forms/validation";
import { useT } from "../components/render-context";

/** Props of the account-termination island. */
export interface TerminateAccountProps {
  csrfToken: string;
  lang: string;
}

const ConfirmSchema = obj({ password: str().min(1, { error: V.required }) });

/**
 * My profile → danger zone (SPEC §4): terminating one's own account cannot be undone, so a
 * modal dialog asks for the password with explicit confirm and cancel buttons. On success every
 * session has ended and the browser goes to sign-in.
 */
export function TerminateAccount({ csrfToken, lang }: TerminateAccountProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm({ password: "" });
  const [failure, setFailure] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  const close = () => {
    dialog.current?.close();
  };
  const onClosed = () => {
    form.setValues({ password: "" });
    form.showErrors({});
    setFailure(null);
  };

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const checked = validateForm(ConfirmSchema, form.values, t);
    if (!checked.ok) return form.showErrors(checked.errors);
    try {
      await createApiClient({ csrfToken }).terminate({ password: await sha512Hex(checked.data.password) });
      window.location.assign(`/signin/${encodeURIComponent(lang)}`);
    } catch (error) {
      form.setValues({ password: "" });
      setFailure(messageFor(error));
    }
  });

  return (
    <div className="danger-zone">
      <p>{t("profile:terminate.intro")}</p>
      <button type="button" className="button button-danger" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        {t("profile:terminate.open")}
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={titleId} aria-describedby={bodyId} onClose={onClosed}>
        <form className="form" noValidate onSubmit={submit}>
          <h2 id={titleId} className="dialog-title">
            {t("profile:terminate.dialogTitle")}
          </h2>
          <p id={bodyId}>{t("profile:terminate.dialogBody")}</p>
          {failure ? <Alert variant="error">{failure}</Alert> : null}
          <PasswordField label={t("profile:fields.password")} autoComplete="current-password" required {...form.bind("password")} />
          <div className="dialog-actions">
            <button type="button" className="button" onClick={close} disabled={form.busy}>
              {t("profile:terminate.cancel")}
            </button>
            <SubmitButton busy={form.busy} variant="danger">
              {t("profile:terminate.confirm")}
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </div>
  );
}
