import { useState } from "react";
import { OutcomeAlert, useOutcome } from "../components/forms/useOutcome";
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
  const { outcome, clear, succeed, fail } = useOutcome();
  const [busy, setBusy] = useState(false);

  const send = () => {
    if (busy) return;
    setBusy(true);
    clear();
    usersCalls(csrfToken)
      .reset(uid)
      .then(() => succeed(t("errors:userReset200")))
      .catch((error: unknown) => fail(error))
      .finally(() => setBusy(false));
  };

  return (
    <div className="reset-user">
      <OutcomeAlert outcome={outcome} />
      <button type="button" className="button" onClick={send} disabled={busy} aria-busy={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t("users:reset.submit")}
      </button>
    </div>
  );
}
