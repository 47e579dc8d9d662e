import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import { createPasskeysApi, type Passkey } from "../../../shared/api/mfaPasskeys";
import { PASSKEY_NAME_MAX } from "../../../shared/schemas/mfaPasskey";
import { Alert } from "../forms/Alert";
import { TextField } from "../forms/Field";
import { SubmitButton } from "../forms/SubmitButton";
import { useCallMessage } from "../forms/useCallMessage";
import { useForm } from "../forms/useForm";
import { useT } from "../render-context";
import { PasskeyRow } from "./PasskeyRow";

/** Props: the caller's passkeys, whether the last factor may go, and what to do after a change. */
export interface PasskeyManagerProps {
  csrfToken: string;
  passkeys: Passkey[];
  timezone: string;
  /** False while the policy requires a factor and these passkeys are the only ones left. */
  lastRemovable: boolean;
  onChanged: (message: string, recoveryCodes?: string[]) => void;
}

/** Whether the browser refused or the person cancelled the ceremony (no server call was made). */
function isCeremonyError(error: unknown): boolean {
  return error instanceof Error && ["NotAllowedError", "AbortError", "InvalidStateError", "WebAuthnError"].includes(error.name);
}

/**
 * The profile's passkeys: the list (PasskeyRow each) and the registration form. Registering asks
 * the server for creation options, lets the browser create the credential, and sends it back
 * with its name; a first factor answers the recovery codes, passed on to be shown once.
 */
export function PasskeyManager({ csrfToken, passkeys, timezone, lastRemovable, onChanged }: PasskeyManagerProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm({ name: "" });
  const [failure, setFailure] = useState<string | null>(null);

  const add = form.handleSubmit(async () => {
    setFailure(null);
    const name = form.values.name.trim();
    if (name === "") return form.showErrors({ name: t("validation:required") });
    if (!browserSupportsWebAuthn()) return setFailure(t("profile:mfa.passkeys.unsupported"));
    const api = createPasskeysApi({ csrfToken });
    try {
      const { challenge, options } = await api.registrationOptions();
      // The server built these options with @simplewebauthn/server: the browser library's own shape.
      const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
      let response;
      try {
        response = await startRegistration({ optionsJSON });
      } catch (error) {
        if (isCeremonyError(error)) return setFailure(t("profile:mfa.passkeys.cancelled"));
        throw error;
      }
      const added = await api.add({ challenge, name, response });
      form.setValue("name", "");
      onChanged(t("errors:mfaPasskeyAdd200"), added.recoveryCodes);
    } catch (error) {
      setFailure(messageFor(error));
    }
  });

  return (
    <div className="mfa-passkeys">
      {passkeys.length === 0 ? (
        <p className="card-note">{t("profile:mfa.passkeys.none")}</p>
      ) : (
        <ul className="mfa-passkey-list" aria-label={t("profile:mfa.passkeys.list")}>
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.uid}
              csrfToken={csrfToken}
              passkey={passkey}
              timezone={timezone}
              removable={lastRemovable || passkeys.length > 1}
              onChanged={(message) => onChanged(message)}
            />
          ))}
        </ul>
      )}
      <form className="form" noValidate onSubmit={add}>
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <TextField
          label={t("profile:mfa.passkeys.name")}
          hint={t("profile:mfa.passkeys.nameHint")}
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
          required
          {...form.bind("name")}
        />
        <div className="form-actions">
          <SubmitButton busy={form.busy}>{t("profile:mfa.passkeys.add")}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
