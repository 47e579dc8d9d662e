import { useRef, useState, type FormEvent } from "react";
import { useId } from "../components/hooks";
import { isApiError } from "../../shared/api/errors";
import { createDomainsApi } from "../../shared/api/domains";
import { sha512Hex } from "../../shared/crypto";
import { Alert } from "../components/forms/Alert";
import { announceStatus } from "../components/status/pageStatus";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useT } from "../components/render-context";

/** Props of one team's white-list editor on /domains and the team profile (root only). */
export interface DomainsEditorProps {
  slug: string;
  teamName: string;
  domains: string[];
  usersOutside: number;
  csrfToken: string;
}

type Pending = { kind: "add" | "remove"; domain: string };

/**
 * A team's domains with add and remove. Every change opens a dialog that asks for the root's own
 * password (hashed in the browser, DESIGN §4); removing a domain users still have first names how
 * many users it leaves outside and asks again. After a change the editor shows the domains the
 * server answered with.
 */
export function DomainsEditor(props: DomainsEditorProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const dialog = useRef<HTMLDialogElement>(null);
  const [domains, setDomains] = useState(props.domains);
  const [outside, setOutside] = useState(props.usersOutside);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState<Pending | null>(null);
  const [password, setPassword] = useState("");
  const [leftOutside, setLeftOutside] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const passwordId = useId();
  const titleId = useId();

  const open = (next: Pending) => {
    setPending(next);
    setPassword("");
    setLeftOutside(null);
    setFailure(null);
    setNotice(null);
    dialog.current?.showModal();
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== "") open({ kind: "add", domain: draft.trim() });
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!pending || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const api = createDomainsApi({ csrfToken: props.csrfToken });
      const body = { slug: props.slug, domains: [pending.domain], password: await sha512Hex(password) };
      const result = pending.kind === "add" ? await api.add(body) : await api.remove({ ...body, confirm: leftOutside !== null });
      setDomains(result.domains);
      setOutside(result.usersOutside);
      setDraft("");
      // One message per page: the status region's, replacing the previous (beside the row only without one).
      const done = t(pending.kind === "add" ? "errors:domainsEdit200" : "errors:domainsDelete200");
      setNotice(announceStatus(done) ? null : done);
      dialog.current?.close();
    } catch (error) {
      const details = isApiError(error)
        ? (error.details as { usersLeftOutside?: number; conflicts?: { teamName: string }[] } | undefined)
        : undefined;
      if (isApiError(error) && error.code === "domainsDelete409" && details?.usersLeftOutside !== undefined) {
        setLeftOutside(details.usersLeftOutside);
      } else if (isApiError(error) && error.code === "domainTaken" && details?.conflicts?.[0]) {
        setFailure(t("domains:taken", { domain: pending.domain, team: details.conflicts[0].teamName }));
      } else {
        setFailure(messageFor(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="domains-editor">
      {domains.length === 0 ? (
        <p className="muted">{t("domains:none")}</p>
      ) : (
        <ul className="domain-chips" aria-label={t("domains:listLabel", { team: props.teamName })}>
          {domains.map((domain) => (
            <li key={domain} className="domain-chip">
              <code>{domain}</code>
              <button
                type="button"
                className="button button-small"
                aria-label={t("domains:removeLabel", { domain })}
                onClick={() => open({ kind: "remove", domain })}
              >
                {t("domains:remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {outside > 0 ? (
        <p className="card-note" data-outside={outside}>
          {t("domains:outside", { count: outside })}
        </p>
      ) : null}
      <form className="domain-add" onSubmit={onAdd}>
        <label className="visually-hidden" htmlFor={inputId}>
          {t("domains:addLabel", { team: props.teamName })}
        </label>
        <input
          id={inputId}
          className="input"
          type="text"
          inputMode="url"
          autoComplete="off"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t("domains:addHint")}
          maxLength={253}
        />
        <button type="submit" className="button">
          {t("domains:add")}
        </button>
      </form>
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      <dialog ref={dialog} className="dialog" aria-labelledby={titleId}>
        <form className="form" method="post" onSubmit={(e) => void confirm(e)}>
          <h2 id={titleId} className="dialog-title">
            {pending
              ? t(pending.kind === "add" ? "domains:confirmAdd" : "domains:confirmRemove", { domain: pending.domain, team: props.teamName })
              : ""}
          </h2>
          {leftOutside !== null ? (
            <Alert variant="info">{t("domains:leavesOutside", { count: leftOutside, domain: pending?.domain ?? "" })}</Alert>
          ) : null}
          <label htmlFor={passwordId}>{t("domains:password")}</label>
          <input
            id={passwordId}
            className="input"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {failure ? <Alert variant="error">{failure}</Alert> : null}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => dialog.current?.close()} disabled={busy}>
              {t("domains:cancel")}
            </button>
            <button
              type="submit"
              className={pending?.kind === "remove" ? "button button-danger" : "button button-primary"}
              disabled={busy}
              aria-busy={busy}
            >
              {leftOutside !== null ? t("domains:removeAnyway") : t("domains:confirm")}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
