import { useEffect, useRef, useState } from "react";
import { createMfaApi } from "../../shared/api/mfa";
import { asksForCode, setReauthHandler, type ReauthChallenge, type ReauthHandler, type ReauthOutcome } from "../../shared/api/reauth";
import { sha512Hex } from "../../shared/crypto";
import { PasswordField, TextField } from "../components/forms/Field";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useT } from "../components/render-context";
import { ConfirmDialog } from "../components/users/ConfirmDialog";

/** A recovery code with spaces is the longest answer the server takes (shared/schemas/mfa). */
const MAX_CODE_LENGTH = 32;

/** Props of the prompt: the session's CSRF token for POST /v2/me/reauth. */
export interface ReauthPromptProps {
  csrfToken: string;
  /**
   * Told the handler once it is installed: the hydrator loads this island only when a first call
   * is refused (client/entry.tsx) and hands that call's challenge to it.
   */
  onInstalled?: (handler: ReauthHandler) => void;
}

/**
 * The console's one re-authentication prompt (sudo mode, issue #29), rendered once by the layout.
 * It installs itself as the API client's handler: any island's call answered 403
 * `reauthRequired` opens this dialog (password, and a code when the admin has a factor), and
 * after POST /v2/me/reauth succeeds the island's call is made again; Cancel fails it as answered.
 */
export function ReauthPrompt({ csrfToken, onInstalled }: ReauthPromptProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const [challenge, setChallenge] = useState<ReauthChallenge | null>(null);
  // The dialog joins the page the first time it is needed: until then the page has no extra form.
  const [asked, setAsked] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Every call waiting on this prompt (two islands may be refused at once): all resume with one answer.
  const waiting = useRef<((outcome: ReauthOutcome) => void)[]>([]);

  useEffect(() => {
    const handler: ReauthHandler = (request) =>
      new Promise<ReauthOutcome>((resolve) => {
        waiting.current.push(resolve);
        setAsked(true);
        setChallenge((open) => open ?? request);
      });
    setReauthHandler(handler);
    onInstalled?.(handler);
    return () => setReauthHandler(null);
  }, [onInstalled]);

  const settle = (outcome: ReauthOutcome) => {
    const resolvers = waiting.current;
    waiting.current = [];
    for (const resolve of resolvers) resolve(outcome);
    setChallenge(null);
    setPassword("");
    setCode("");
    setError(null);
  };

  const needsCode = challenge !== null && asksForCode(challenge);
  const confirm = async () => {
    if (password === "" || (needsCode && code.trim() === "")) {
      setError(t("validation:required"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const api = createMfaApi({ csrfToken, onReauth: false });
      await api.reauth({ password: await sha512Hex(password), ...(needsCode ? { code: code.trim() } : {}) });
      settle({});
    } catch (failure) {
      setCode("");
      setError(messageFor(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!asked) return null;
  return (
    <ConfirmDialog
      open={challenge !== null}
      title={t("layout:reauth.title")}
      confirmLabel={t("layout:reauth.confirm")}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onClose={() => {
        if (waiting.current.length > 0) settle(null);
      }}
    >
      <p>{t(needsCode ? "layout:reauth.introFactor" : "layout:reauth.intro")}</p>
      {challenge ? (
        <>
          <PasswordField
            label={t("layout:reauth.password")}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {needsCode ? (
            <TextField
              label={t("layout:reauth.code")}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={MAX_CODE_LENGTH}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          ) : null}
        </>
      ) : null}
    </ConfirmDialog>
  );
}
