import { useCallback, useEffect, useState } from "react";
import { createMfaApi, type MfaStatusResponse } from "../../shared/api/mfa";
import { createPasskeysApi, type Passkey } from "../../shared/api/mfaPasskeys";
import { Alert } from "../components/forms/Alert";
import { useCallMessage } from "../components/forms/useCallMessage";
import { OutcomeAlert, useOutcome } from "../components/forms/useOutcome";
import { CodeActionForm } from "../components/mfa/CodeActionForm";
import { PasskeyManager } from "../components/mfa/PasskeyManager";
import { RecoveryCodesPanel } from "../components/mfa/RecoveryCodesPanel";
import { TotpSetup } from "../components/mfa/TotpSetup";
import { useT } from "../components/render-context";

/** Props of the profile's two-step verification island. */
export interface MfaSettingsProps {
  csrfToken: string;
  timezone: string;
  /** Whether the policy requires a second factor of this admin (their last one cannot be removed). */
  required: boolean;
}

interface Factors {
  status: MfaStatusResponse;
  passkeys: Passkey[];
}

/** The caller's app status and passkeys, in one go. */
async function readFactors(csrfToken: string): Promise<Factors> {
  const [status, list] = await Promise.all([createMfaApi({ csrfToken }).status(), createPasskeysApi({ csrfToken }).list()]);
  return { status, passkeys: list.items };
}

type View = { kind: "overview" } | { kind: "totp" } | { kind: "codes"; codes: string[] };

/**
 * My profile → two-step verification (issue #29): what is set up (app, passkeys, recovery codes
 * left), setting up an authenticator app (QR code and key from the server, confirmed with a
 * code), recovery codes shown once after a first factor or a renewal, removing the app, and the
 * passkeys. Loads its state after hydration: a loading line, then the factors or a retry.
 */
export function MfaSettings({ csrfToken, timezone, required }: MfaSettingsProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const { outcome, clear, succeed } = useOutcome();
  const [factors, setFactors] = useState<Factors | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [view, setView] = useState<View>({ kind: "overview" });

  /** Reads the factors again (after a change, or on "Try again"). */
  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setFactors(await readFactors(csrfToken));
    } catch (error) {
      setLoadError(messageFor(error));
    }
  }, [csrfToken, messageFor]);
  useEffect(() => {
    let live = true;
    readFactors(csrfToken)
      .then((read) => live && setFactors(read))
      .catch((error: unknown) => live && setLoadError(messageFor(error)));
    return () => {
      live = false;
    };
  }, [csrfToken, messageFor]);

  /** After a change: say so, show new recovery codes when there are some, and read the factors again. */
  const changed = (message: string, codes: string[] = []) => {
    succeed(message);
    setView(codes.length > 0 ? { kind: "codes", codes } : { kind: "overview" });
    void load();
  };

  if (loadError) {
    return (
      <div className="mfa-settings">
        <Alert variant="error">{loadError}</Alert>
        <button type="button" className="button" onClick={() => void load()}>
          {t("profile:mfa.retry")}
        </button>
      </div>
    );
  }
  if (!factors) return <p role="status">{t("profile:mfa.loading")}</p>;
  if (view.kind === "codes") return <RecoveryCodesPanel codes={view.codes} onDone={() => setView({ kind: "overview" })} />;

  const { status, passkeys } = factors;
  const appActive = status.totp === "active";
  const anyFactor = appActive || passkeys.length > 0;
  const mfa = createMfaApi({ csrfToken });
  return (
    <div className="mfa-settings">
      <OutcomeAlert outcome={outcome} />
      {required ? <p className="card-note">{t("profile:mfa.required")}</p> : null}
      {anyFactor ? null : <Alert variant="info">{t("profile:mfa.off")}</Alert>}
      <dl className="summary">
        <dt>{t("profile:mfa.status.app")}</dt>
        <dd>
          {t(
            appActive
              ? "profile:mfa.status.appActive"
              : status.totp === "pending"
                ? "profile:mfa.status.appPending"
                : "profile:mfa.status.appNone",
          )}
        </dd>
        <dt>{t("profile:mfa.status.passkeys")}</dt>
        <dd>{passkeys.length}</dd>
        <dt>{t("profile:mfa.status.recoveryLeft")}</dt>
        <dd>{status.recoveryCodesLeft}</dd>
      </dl>

      <h3 className="card-subtitle">{t("profile:mfa.totp.title")}</h3>
      {view.kind === "totp" ? (
        <TotpSetup
          csrfToken={csrfToken}
          onConfirmed={(codes) => changed(t("errors:mfaTotpConfirm200"), codes)}
          onCancel={() => setView({ kind: "overview" })}
        />
      ) : appActive ? (
        required && passkeys.length === 0 ? (
          <p className="card-note">{t("profile:mfa.totp.lastFactor")}</p>
        ) : (
          <CodeActionForm
            submitLabel={t("profile:mfa.totp.remove")}
            variant="danger"
            onSubmit={async (code) => {
              clear();
              await mfa.removeTotp({ code });
              changed(t("errors:mfaTotpRemove200"));
            }}
          />
        )
      ) : (
        <button type="button" className="button button-primary" onClick={() => setView({ kind: "totp" })}>
          {t("profile:mfa.totp.setUp")}
        </button>
      )}

      <h3 className="card-subtitle">{t("profile:mfa.passkeys.title")}</h3>
      <PasskeyManager
        csrfToken={csrfToken}
        passkeys={passkeys}
        timezone={timezone}
        lastRemovable={!required || appActive}
        onChanged={changed}
      />

      {anyFactor ? (
        <>
          <h3 className="card-subtitle">{t("profile:mfa.recovery.title")}</h3>
          <p className="card-note">{t("profile:mfa.recovery.intro")}</p>
          <CodeActionForm
            submitLabel={t("profile:mfa.recovery.renew")}
            hint={t("profile:mfa.recovery.renewHint")}
            onSubmit={async (code) => {
              clear();
              const { recoveryCodes } = await mfa.renewRecoveryCodes({ code });
              changed(t("errors:mfaRecoveryCodes200"), recoveryCodes);
            }}
          />
        </>
      ) : null}
    </div>
  );
}
