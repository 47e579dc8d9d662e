import { useEffect, useState } from "react";
import { createMfaApi, type TotpEnrolment } from "../../../shared/api/mfa";
import { Alert } from "../forms/Alert";
import { TextField } from "../forms/Field";
import { SubmitButton } from "../forms/SubmitButton";
import { useCallMessage } from "../forms/useCallMessage";
import { useForm } from "../forms/useForm";
import { useT } from "../render-context";

/** Props: the CSRF token, what to do with the recovery codes the confirmation answers, and how to go back. */
export interface TotpSetupProps {
  csrfToken: string;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/**
 * Setting up an authenticator app: the server makes the secret and its QR code (SVG, shown as an
 * image so no markup from the answer enters the page), the key is shown for typing by hand, and
 * the first code confirms it.
 */
export function TotpSetup({ csrfToken, onConfirmed, onCancel }: TotpSetupProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ code: "" });

  useEffect(() => {
    let live = true;
    createMfaApi({ csrfToken })
      .enrolTotp()
      .then((answer) => live && setEnrolment(answer))
      .catch((error: unknown) => live && setFailure(messageFor(error)));
    return () => {
      live = false;
    };
  }, [csrfToken, messageFor]);

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const code = form.values.code.replace(/\s/g, "");
    if (code === "") return form.showErrors({ code: t("validation:required") });
    try {
      const { recoveryCodes } = await createMfaApi({ csrfToken }).confirmTotp({ code });
      onConfirmed(recoveryCodes);
    } catch (error) {
      form.setValue("code", "");
      setFailure(messageFor(error));
    }
  });

  return (
    <div className="mfa-totp-setup">
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      {enrolment ? (
        <form className="form" noValidate onSubmit={submit}>
          <p>{t("profile:mfa.totp.scan")}</p>
          <img
            className="mfa-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt={t("profile:mfa.totp.qrAlt")}
            width={200}
            height={200}
          />
          <p>
            {t("profile:mfa.totp.key")}: <code className="mfa-secret">{enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}</code>
          </p>
          <TextField
            label={t("profile:mfa.code")}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            required
            {...form.bind("code")}
          />
          <div className="form-actions">
            <SubmitButton busy={form.busy}>{t("profile:mfa.totp.confirm")}</SubmitButton>
            <button type="button" className="button" onClick={onCancel}>
              {t("profile:mfa.totp.cancel")}
            </button>
          </div>
        </form>
      ) : failure ? (
        <button type="button" className="button" onClick={onCancel}>
          {t("profile:mfa.totp.cancel")}
        </button>
      ) : (
        <p role="status">{t("profile:mfa.loading")}</p>
      )}
    </div>
  );
}
