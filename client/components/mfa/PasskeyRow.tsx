import { useState } from "react";
import { createPasskeysApi, type Passkey } from "../../../shared/api/mfaPasskeys";
import { PASSKEY_NAME_MAX } from "../../../shared/schemas/mfaPasskey";
import { formatDateTime } from "../../lib/datetime";
import { Alert } from "../forms/Alert";
import { TextField } from "../forms/Field";
import { SubmitButton } from "../forms/SubmitButton";
import { useCallMessage } from "../forms/useCallMessage";
import { useForm } from "../forms/useForm";
import { useLang, useT } from "../render-context";

/** Props: the passkey, the viewer's time zone, whether it may be removed, and what to do after a change. */
export interface PasskeyRowProps {
  csrfToken: string;
  passkey: Passkey;
  timezone: string;
  removable: boolean;
  onChanged: (message: string) => void;
}

/** One passkey in the profile's list: its name and dates, renaming in place, removal. */
export function PasskeyRow({ csrfToken, passkey, timezone, removable, onChanged }: PasskeyRowProps) {
  const t = useT();
  const lang = useLang();
  const messageFor = useCallMessage();
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ name: passkey.name });
  const api = createPasskeysApi({ csrfToken });
  const date = (iso: string) => formatDateTime(iso, lang, timezone);

  const rename = form.handleSubmit(async () => {
    setFailure(null);
    const name = form.values.name.trim();
    if (name === "") return form.showErrors({ name: t("validation:required") });
    try {
      await api.rename(passkey.uid, { name });
      setRenaming(false);
      onChanged(t("errors:mfaPasskeyRename200"));
    } catch (error) {
      setFailure(messageFor(error));
    }
  });
  const remove = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await api.remove(passkey.uid);
      onChanged(t("errors:mfaPasskeyRemove200"));
    } catch (error) {
      setFailure(messageFor(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="mfa-passkey">
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      {renaming ? (
        <form className="form" noValidate onSubmit={rename}>
          <TextField
            label={t("profile:mfa.passkeys.renameLabel", { name: passkey.name })}
            maxLength={PASSKEY_NAME_MAX}
            required
            autoFocus
            {...form.bind("name")}
          />
          <div className="form-actions">
            <SubmitButton busy={form.busy}>{t("profile:mfa.passkeys.save")}</SubmitButton>
            <button type="button" className="button" onClick={() => setRenaming(false)}>
              {t("profile:mfa.passkeys.cancel")}
            </button>
          </div>
        </form>
      ) : (
        <div className="mfa-passkey-row">
          <div>
            <strong className="mfa-passkey-name">{passkey.name}</strong>
            <p className="card-note">
              {t("profile:mfa.passkeys.added", { date: date(passkey.createdAt) })} ·{" "}
              {passkey.lastUsedAt
                ? t("profile:mfa.passkeys.lastUsed", { date: date(passkey.lastUsedAt) })
                : t("profile:mfa.passkeys.neverUsed")}
            </p>
          </div>
          <div className="form-actions">
            <button type="button" className="button" onClick={() => setRenaming(true)}>
              {t("profile:mfa.passkeys.rename")}
            </button>
            {removable ? (
              <button
                type="button"
                className="button button-danger"
                disabled={busy}
                aria-busy={busy}
                aria-label={t("profile:mfa.passkeys.removeLabel", { name: passkey.name })}
                onClick={() => void remove()}
              >
                {t("profile:mfa.passkeys.remove")}
              </button>
            ) : null}
          </div>
        </div>
      )}
    </li>
  );
}
