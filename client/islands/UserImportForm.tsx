import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { createUserImportApi, type ImportErrors, type ImportPreview, type ImportStatus } from "../../shared/api/userImport";
import { IMPORT_LIMITS } from "../../shared/schemas/userImport";
import { Alert } from "../components/forms/Alert";
import { OutcomeAlert, useOutcome } from "../components/forms/useOutcome";
import { useT } from "../components/render-context";

/** Props of the users import island. */
export interface UserImportFormProps {
  csrfToken: string;
}

type Phase = "choose" | "preview" | "importing" | "done";

const PREVIEW_COUNTS = ["new", "changed", "unchanged", "invalid", "duplicate"] as const;
const RESULT_COUNTS = ["created", "changed", "unchanged", "invalid", "duplicate", "failed", "skipped"] as const;
const POLL_MS = 500;

/** The first rows of each problem: the code's text and its row numbers (with the field, when one was refused). */
function ProblemList({ errors }: { errors: ImportErrors }) {
  const t = useT();
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div className="import-problems">
      <h3 className="card-title">{t("users:import.problemsTitle")}</h3>
      <ul className="summary-list">
        {entries.map(([code, list]) => (
          <li key={code}>
            <strong>{t(`users:import.codes.${code}`)}</strong>
            {": "}
            {(list ?? []).map((e) => `${t("users:import.rowRef", { row: e.row })}${e.username ? `: ${e.username}` : ""}${e.field ? ` (${e.field})` : ""}`).join("; ")}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Counts as a definition list. */
function Counts({ counts, keys }: { counts: Readonly<Record<string, number>>; keys: readonly string[] }) {
  const t = useT();
  return (
    <dl className="summary">
      {keys.map((key) => (
        <div className="summary-row" key={key}>
          <dt>{t(`users:import.counts.${key}`)}</dt>
          <dd>{counts[key] ?? 0}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /users/import: choose a CSV file → its preview (`POST /v2/users/import?mode=preview`: counts and
 * the first rows of each problem; nothing changes) and the all-or-nothing choice → the import
 * under a fresh import id with a progress bar (the apply call runs while `GET /v2/users/import/{id}`
 * is polled) → the results, with the per-row results as a CSV download. Progress and the result
 * are announced in a polite live region.
 */
export function UserImportForm({ csrfToken }: UserImportFormProps) {
  const t = useT();
  const fileId = useId();
  const allId = useId();
  const { outcome, clear, fail } = useOutcome();
  const [phase, setPhase] = useState<Phase>("choose");
  const [busy, setBusy] = useState(false);
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const [processed, setProcessed] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const [tooLarge, setTooLarge] = useState(false);
  // Kept after a failed apply: importing the same file again resumes that import instead of starting another.
  const [importId, setImportId] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const api = createUserImportApi({ csrfToken });

  // Each new step moves the focus to its heading, so a keyboard or screen reader user follows along.
  useEffect(() => {
    if (phase !== "choose") heading.current?.focus();
  }, [phase]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    clear();
    setTooLarge(false);
    if (!file) return;
    if (file.size > IMPORT_LIMITS.bytes) return setTooLarge(true);
    setBusy(true);
    try {
      const text = await file.text();
      const result = await api.preview(text);
      setCsv({ name: file.name, text });
      setImportId(null);
      setPreview(result);
      setPhase("preview");
      setAnnouncement(t("users:import.previewReady", { count: result.total }));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!csv || !preview) return;
    clear();
    const id = importId ?? crypto.randomUUID();
    setImportId(id);
    setPhase("importing");
    setProcessed(0);
    setAnnouncement(t("users:import.started"));
    const timer = setInterval(() => {
      api.status(id).then(
        (s) => {
          setProcessed(s.processed);
          setAnnouncement(t("users:import.progressText", { done: s.processed, total: s.total }));
        },
        () => undefined,
      );
    }, POLL_MS);
    try {
      const result = await api.apply(csv.text, id, { allOrNothing });
      setStatus(result);
      setProcessed(result.processed);
      setPhase("done");
      setAnnouncement(t(`users:import.finished.${result.status}`, { created: result.counts.created, changed: result.counts.changed }));
    } catch (error) {
      setPhase("preview");
      fail(error);
    } finally {
      clearInterval(timer);
    }
  };

  const restart = () => {
    setPhase("choose");
    setCsv(null);
    setPreview(null);
    setStatus(null);
    setImportId(null);
    setAllOrNothing(false);
    clear();
    setAnnouncement("");
    if (fileInput.current) fileInput.current.value = "";
    fileInput.current?.focus();
  };

  const importable = preview ? preview.counts.new + preview.counts.changed : 0;
  return (
    <div className="form import-form">
      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>
      <OutcomeAlert outcome={outcome} />
      {tooLarge ? <Alert variant="error">{t("users:import.tooLarge")}</Alert> : null}
      {phase === "choose" || phase === "preview" ? (
        <div className="field">
          <label className="field-label" htmlFor={fileId}>
            {t("users:import.file")}
          </label>
          <input ref={fileInput} id={fileId} className="input" type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} disabled={busy} aria-describedby={`${fileId}-hint`} />
          <p className="field-hint" id={`${fileId}-hint`}>
            {t("users:import.fileHint")}
          </p>
        </div>
      ) : null}
      {busy ? <p className="muted">{t("users:import.reading")}</p> : null}
      {phase === "preview" && preview && csv ? (
        <section className="import-step" aria-labelledby={`${fileId}-preview`}>
          <h2 className="card-title" id={`${fileId}-preview`} ref={heading} tabIndex={-1}>
            {t("users:import.previewTitle", { name: csv.name, count: preview.total })}
          </h2>
          <Counts counts={preview.counts} keys={PREVIEW_COUNTS} />
          <ProblemList errors={preview.errors} />
          <label className="checkbox" htmlFor={allId}>
            <input id={allId} type="checkbox" checked={allOrNothing} onChange={(e) => setAllOrNothing(e.target.checked)} />
            {t("users:import.allOrNothing")}
          </label>
          <div className="form-actions">
            <button type="button" className="button" onClick={restart}>
              {t("users:import.cancel")}
            </button>
            <button type="button" className="button button-primary" onClick={() => void start()} disabled={importable === 0}>
              {t("users:import.submit", { count: importable })}
            </button>
          </div>
        </section>
      ) : null}
      {phase === "importing" && preview ? (
        <section className="import-step" aria-labelledby={`${fileId}-progress`}>
          <h2 className="card-title" id={`${fileId}-progress`} ref={heading} tabIndex={-1}>
            {t("users:import.importing")}
          </h2>
          <progress className="import-progress" max={preview.total} value={processed} aria-labelledby={`${fileId}-progress`} />
          <p className="muted">{t("users:import.progressText", { done: processed, total: preview.total })}</p>
        </section>
      ) : null}
      {phase === "done" && status ? (
        <section className="import-step" aria-labelledby={`${fileId}-done`}>
          <h2 className="card-title" id={`${fileId}-done`} ref={heading} tabIndex={-1}>
            {t(`users:import.finished.${status.status}`, { created: status.counts.created, changed: status.counts.changed })}
          </h2>
          <Counts counts={status.counts} keys={RESULT_COUNTS} />
          <ProblemList errors={status.errors} />
          <div className="form-actions">
            <a className="button" href={`/v2/users/import/${encodeURIComponent(status.id)}/results`} download>
              {t("users:import.download")}
            </a>
            <button type="button" className="button button-primary" onClick={restart}>
              {t("users:import.another")}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
