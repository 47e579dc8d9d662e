import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useId } from "../components/hooks";
import { ApiError } from "../../shared/api/errors";
import { createUserImportApi, type ImportPreview, type ImportStatus } from "../../shared/api/userImport";
import { IMPORT_LIMITS } from "../../shared/schemas/userImport";
import { Alert } from "../components/forms/Alert";
import { OutcomeAlert, useOutcome } from "../components/forms/useOutcome";
import { useT } from "../components/render-context";
import { fileKey, heldByEarlierRun, remembered, sleep, unfinishedImport, type ChosenFile } from "../components/users/importResume";
import { Counts, ProblemList } from "../components/users/ImportSummary";
import { headerProblemOf, ImportHeaderNote, type HeaderProblem } from "../components/users/ImportHeaderProblem";

/** Props of the users import island. */
export interface UserImportFormProps {
  csrfToken: string;
}

type Phase = "choose" | "preview" | "importing" | "done";

const PREVIEW_COUNTS = ["new", "changed", "unchanged", "invalid", "duplicate"] as const;
const RESULT_COUNTS = ["created", "changed", "unchanged", "invalid", "duplicate", "failed", "skipped"] as const;
const POLL_MS = 500;
/** While an earlier run still holds the import (its 10 s lease), try again every 3 s, ten times at most. */
const RETRY_MS = 3_000;
const RETRIES = 10;

/**
 * /users/import: choose a CSV file → its preview (`POST /v2/users/import?mode=preview`: counts and
 * the first rows of each problem; nothing changes) and the all-or-nothing choice → the import
 * under a fresh import id with a progress bar (the apply call runs while `GET /v2/users/import/{id}`
 * is polled) → the results, with the per-row results as a CSV download. Progress and the result
 * are announced in a polite live region. After a failure (the server stopped, the database
 * failed), importing again — or choosing the same file again, even after a reload — resumes the
 * same import id: the rows already imported are skipped, none is applied twice.
 */
export function UserImportForm({ csrfToken }: UserImportFormProps) {
  const t = useT();
  const fileId = useId();
  const allId = useId();
  const { outcome, clear, fail } = useOutcome();
  const [phase, setPhase] = useState<Phase>("choose");
  const [busy, setBusy] = useState(false);
  const [csv, setCsv] = useState<ChosenFile | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const [processed, setProcessed] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const [tooLarge, setTooLarge] = useState(false);
  // A refused header row: which columns, named under the refusal.
  const [headerProblem, setHeaderProblem] = useState<HeaderProblem | null>(null);
  // Kept after a failed apply: importing the same file again resumes that import instead of starting another.
  const [importId, setImportId] = useState<string | null>(null);
  // The unfinished import that importing this file resumes, as the server last answered it.
  const [resumeFrom, setResumeFrom] = useState<ImportStatus | null>(null);
  const [waiting, setWaiting] = useState(false);
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
    setHeaderProblem(null);
    if (!file) return;
    if (file.size > IMPORT_LIMITS.bytes) return setTooLarge(true);
    setBusy(true);
    try {
      const text = await file.text();
      const result = await api.preview(text);
      const key = await fileKey(text);
      const earlier = await unfinishedImport(api, key);
      setCsv({ name: file.name, text, key });
      setImportId(earlier?.id ?? remembered.get(key));
      setResumeFrom(earlier);
      if (earlier) setAllOrNothing(earlier.allOrNothing);
      setPreview(result);
      setPhase("preview");
      setAnnouncement(t("users:import.previewReady", { count: result.total }));
    } catch (error) {
      setHeaderProblem(headerProblemOf(error));
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
    remembered.set(csv.key, id);
    setPhase("importing");
    setProcessed(resumeFrom?.processed ?? 0);
    setAnnouncement(
      resumeFrom ? t("users:import.resumed", { done: resumeFrom.processed, total: resumeFrom.total }) : t("users:import.started"),
    );
    // A progress answer that arrives after the import's own answer must not replace its outcome.
    let polling = true;
    const timer = setInterval(() => {
      api.status(id).then(
        (s) => {
          if (!polling) return;
          setProcessed(s.processed);
          setAnnouncement(t("users:import.progressText", { done: s.processed, total: s.total }));
        },
        () => undefined,
      );
    }, POLL_MS);
    try {
      let result: ImportStatus | null = null;
      for (let attempt = 1; result === null; attempt++) {
        try {
          result = await api.apply(csv.text, id, { allOrNothing });
        } catch (error) {
          if (attempt >= RETRIES || !heldByEarlierRun(error)) throw error;
          setWaiting(true);
          setAnnouncement(t("users:import.waiting"));
          await sleep(RETRY_MS);
        }
      }
      polling = false;
      remembered.forget(csv.key);
      setResumeFrom(null);
      setStatus(result);
      setProcessed(result.processed);
      setPhase("done");
      setAnnouncement(t(`users:import.finished.${result.status}`, { created: result.counts.created, changed: result.counts.changed }));
    } catch (error) {
      polling = false;
      setPhase("preview");
      fail(error);
      // What the server kept of it: importing again (or this file again) resumes from there.
      api.status(id).then(
        (s) => setResumeFrom(s.status === "failed" || s.status === "running" ? s : null),
        (lookup: unknown) => {
          // The import was never created (refused before it started): the next try starts afresh.
          if (lookup instanceof ApiError && lookup.status === 404) {
            remembered.forget(csv.key);
            setImportId(null);
          }
        },
      );
    } finally {
      clearInterval(timer);
      setWaiting(false);
    }
  };

  const restart = () => {
    setPhase("choose");
    setCsv(null);
    setPreview(null);
    setStatus(null);
    setImportId(null);
    setResumeFrom(null);
    setAllOrNothing(false);
    clear();
    setAnnouncement("");
    if (fileInput.current) fileInput.current.value = "";
    fileInput.current?.focus();
  };

  const importable = preview ? preview.counts.new + preview.counts.changed : 0;
  // An import id kept for this file: pressing the button resumes it, even when every row left is unchanged now.
  const resuming = importId !== null;
  return (
    <div className="form import-form">
      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>
      <OutcomeAlert outcome={outcome} failureNote={headerProblem ? <ImportHeaderNote problem={headerProblem} /> : null} />
      {tooLarge ? <Alert variant="error">{t("users:import.tooLarge")}</Alert> : null}
      {phase === "choose" || phase === "preview" ? (
        <div className="field">
          <label className="field-label" htmlFor={fileId}>
            {t("users:import.file")}
          </label>
          <input
            ref={fileInput}
            id={fileId}
            className="input"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void choose(e)}
            disabled={busy}
            aria-describedby={`${fileId}-hint`}
          />
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
          {resumeFrom ? (
            <Alert variant="info">{t("users:import.resumeNotice", { done: resumeFrom.processed, total: resumeFrom.total })}</Alert>
          ) : null}
          <Counts counts={preview.counts} keys={PREVIEW_COUNTS} />
          <ProblemList errors={preview.errors} />
          <label className="checkbox" htmlFor={allId}>
            <input
              id={allId}
              type="checkbox"
              checked={allOrNothing}
              onChange={(e) => setAllOrNothing(e.target.checked)}
              disabled={resuming}
            />
            {t("users:import.allOrNothing")}
          </label>
          <div className="form-actions">
            <button type="button" className="button" onClick={restart}>
              {t("users:import.cancel")}
            </button>
            <button type="button" className="button button-primary" onClick={() => void start()} disabled={importable === 0 && !resuming}>
              {resuming ? t("users:import.resume") : t("users:import.submit", { count: importable })}
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
          {waiting ? <p className="muted">{t("users:import.waiting")}</p> : null}
        </section>
      ) : null}
      {phase === "done" && status ? (
        <section className="import-step" aria-labelledby={`${fileId}-done`}>
          <h2 className="card-title" id={`${fileId}-done`} ref={heading} tabIndex={-1}>
            {t(`users:import.finished.${status.status}`, { created: status.counts.created, changed: status.counts.changed })}
          </h2>
          {status.status === "rejected" && status.errorCode ? (
            // Why nothing was imported, also when no row is to blame (the database refused the run).
            <Alert variant="error">{t("users:import.reason", { reason: t(`users:import.codes.${status.errorCode}`) })}</Alert>
          ) : null}
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
