import { useState } from "react";
import { Alert } from "../components/forms/Alert";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useT } from "../components/render-context";
import { usersCalls } from "../components/users/api";

/** Props of the user password-reset island. */
export interface UserResetButtonProps {
  uid: string;
  csrfToken: string;
}

/**
 * User profile → password reset: `POST /v2/user/reset` e-mails the user a link. A user whose
 * username is not an e-mail gets 'This account is not registered using a valid e-mail address'.
 */
export function UserResetButton({ uid, csrfToken }: UserResetButtonProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const send = () => {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    usersCalls(csrfToken)
      .reset(uid)
      .then(() => setOutcome({ ok: true, text: t("errors:userReset200") }))
      .catch((error: unknown) => setOutcome({ ok: false, text: messageFor(error) }))
      .finally(() => setBusy(false));
  };

  return (
    <div className="reset-user">
      {outcome ? <Alert variant={outcome.ok ? "success" : "error"}>{outcome.text}</Alert> : null}
      <button type="button" className="button" onClick={send} disabled={busy} aria-busy={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t("users:reset.submit")}
      </button>
    </div>
  );
}
