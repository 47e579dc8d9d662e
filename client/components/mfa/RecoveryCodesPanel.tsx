import { useState } from "react";
import { Alert } from "../forms/Alert";
import { useT } from "../render-context";

/** Props: the codes (their only showing) and what "I have saved them" does. */
export interface RecoveryCodesPanelProps {
  codes: string[];
  onDone: () => void;
}

/**
 * New recovery codes, shown once: a list to read, a copy button and a download as a text file.
 * The codes live only in this component's props; closing it forgets them.
 */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const text = `${codes.join("\n")}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard permission: the codes are still on screen and downloadable.
      setCopied(false);
    }
  };
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="mfa-codes">
      <Alert variant="info">{t("profile:mfa.recovery.shownOnce")}</Alert>
      <ul className="mfa-code-list" aria-label={t("profile:mfa.recovery.list")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {t("profile:mfa.recovery.copy")}
        </button>
        <a className="button" href={href} download={t("profile:mfa.recovery.fileName")}>
          {t("profile:mfa.recovery.download")}
        </a>
        <button type="button" className="button button-primary" onClick={onDone}>
          {t("profile:mfa.recovery.done")}
        </button>
      </div>
      {copied ? (
        <p className="card-note" role="status">
          {t("profile:mfa.recovery.copied")}
        </p>
      ) : null}
    </div>
  );
}
