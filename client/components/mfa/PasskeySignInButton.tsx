import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import { createPasskeySignInApi } from "../../../shared/api/mfaPasskeys";
import { useCallMessage } from "../forms/useCallMessage";
import { useHydrated } from "../forms/useHydrated";
import { useT } from "../render-context";
import { describeBrowser } from "../../lib/browser";

/** Props: the page language, where to go after, the first step's challenge, and how to report. */
export interface PasskeySignInButtonProps {
  lang: string;
  next: string | null;
  challenge: string;
  onFailure: (message: string | null) => void;
  onDone: (redirect: string) => void;
}

/**
 * "Use a passkey" on the sign-in second step: asks the server for request options (stored
 * against the challenge), lets the browser sign them with one of the admin's passkeys, and posts
 * the assertion to POST /signin/{lang}/mfa/passkey, which starts the session.
 */
export function PasskeySignInButton({ lang, next, challenge, onFailure, onDone }: PasskeySignInButtonProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  // What @simplewebauthn/browser's browserSupportsWebAuthn checks; the library itself loads on the
  // first click, so the sign-in page (a small-form page, issue 28's budget) does not ship it.
  if (hydrated && typeof window.PublicKeyCredential !== "function") return null;

  const use = async () => {
    onFailure(null);
    setBusy(true);
    const api = createPasskeySignInApi();
    try {
      const { options } = await api.options(challenge);
      // The server built these options with @simplewebauthn/server: the browser library's own shape.
      const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
      let response;
      try {
        const { startAuthentication } = await import("@simplewebauthn/browser");
        response = await startAuthentication({ optionsJSON });
      } catch {
        // Cancelled, timed out, or no matching passkey on this device: nothing was sent.
        onFailure(t("auth:mfa.passkeyCancelled"));
        return;
      }
      const { redirect } = await api.browser(lang, { challenge, response, browser: describeBrowser(navigator.userAgent), next });
      onDone(redirect);
    } catch (error) {
      onFailure(messageFor(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mfa-passkey-signin">
      <p className="mfa-divider">{t("auth:mfa.or")}</p>
      <button type="button" className="button button-block" disabled={busy || !hydrated} aria-busy={busy} onClick={() => void use()}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t("auth:mfa.usePasskey")}
      </button>
    </div>
  );
}
