import { useEffect, useRef, useState, type FormEvent } from "react";
import { useEffectEvent, useId } from "../components/hooks";
import { createLicensesApi } from "../../shared/api/licenses";
import type { TeamRef } from "../../shared/api/responses";
import {
  LicenseActivateSchema,
  LicenseValidateSchema,
  type LicenseCreateResponse,
  type LicenseValidateResponse,
} from "../../shared/schemas/license";
import { Alert } from "../components/forms/Alert";
import { FieldMessages, describedBy } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { validateForm } from "../components/forms/validation";
import { announceSeatsChanged } from "../components/licenses/events";
import { counted } from "../components/licenses/format";
import { TeamPicker } from "../components/licenses/TeamPicker";
import { ConfirmDialog } from "../components/users/ConfirmDialog";
import { useLang, useT } from "../components/render-context";
import { formatDateTime, formatNumber } from "../lib/datetime";

/** Props of the activation form (private edition, root only). */
export interface ActivateFormProps {
  /** Every company (root's scope): a token that lets the activator choose needs one; null: searched. */
  teams: TeamRef[] | null;
  csrfToken: string;
  timezone: string;
}

/** How long typing must pause before the token is checked. */
const CHECK_DELAY_MS = 300;

type Answer = { state: "done"; result: LicenseValidateResponse } | { state: "failed"; text: string };
type Check = { state: "idle" } | { state: "checking" } | Answer;

/**
 * Licenses → Activate (private edition): paste the vendor's activation token; it is checked as
 * the admin types (`POST /v2/license/validate`, no side effect: valid, or invalid with why), what
 * it grants is shown, and after a confirmation `POST /v2/license` activates it: 'License
 * activated successfully'. A token that lets the activator choose asks for the company.
 */
export function ActivateForm({ teams, csrfToken, timezone }: ActivateFormProps) {
  const t = useT();
  const lang = useLang();
  const messageFor = useCallMessage();
  const tokenId = useId();
  const [token, setToken] = useState("");
  const [chosen, setChosen] = useState<TeamRef | null>(null);
  const team = chosen?.slug ?? "";
  const [teamError, setTeamError] = useState<string | undefined>();
  // The server's answer for the token as typed now; typing anew clears it (reset while rendering).
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [answeredFor, setAnsweredFor] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [activated, setActivated] = useState<LicenseCreateResponse | null>(null);
  const latest = useRef(0);
  const api = createLicensesApi({ csrfToken });
  const trimmed = token.trim();
  const shape = trimmed === "" ? null : validateForm(LicenseValidateSchema, { token: trimmed }, t);
  if (answeredFor !== trimmed) {
    setAnsweredFor(trimmed);
    setAnswer(null);
  }
  const check: Check = !shape?.ok ? { state: "idle" } : (answer ?? { state: "checking" });

  // Only the token decides when it is checked (api and messageFor are rebuilt every render).
  const checkToken = useEffectEvent(() => {
    const ticket = ++latest.current;
    if (!shape?.ok) return;
    const timer = setTimeout(() => {
      api.validate(trimmed).then(
        (result) => ticket === latest.current && setAnswer({ state: "done", result }),
        (error: unknown) => ticket === latest.current && setAnswer({ state: "failed", text: messageFor(error) }),
      );
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  });
  useEffect(() => checkToken(), [trimmed]);

  const grants = check.state === "done" && check.result.valid ? (check.result.grants ?? null) : null;
  const chooses = grants !== null && grants.team === null;
  const grantTeam = grants?.team ? (teams?.find((item) => item.slug === grants.team)?.teamName ?? grants.team) : null;
  const chosenName = chosen?.teamName ?? "";

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!grants) return;
    if (chooses && !team) return setTeamError(t("licenses:activate.chooseTeam"));
    setTeamError(undefined);
    setConfirming(true);
  };

  const activate = async () => {
    const checked = validateForm(LicenseActivateSchema, chooses ? { token: trimmed, team } : { token: trimmed }, t);
    if (!checked.ok) return setFailure(Object.values(checked.errors)[0] ?? null);
    setBusy(true);
    setFailure(null);
    try {
      const slug = chooses ? team : (grants?.team ?? null);
      const before = slug ? await api.seats(slug).catch(() => null) : null;
      const created = await api.activate(checked.data);
      const after = before && created.team ? await api.seats(created.team).catch(() => null) : null;
      if (before && after && created.team) announceSeatsChanged([{ team: created.team, before, after }]);
      setActivated(created);
      setConfirming(false);
      setToken("");
      setChosen(null);
    } catch (error) {
      setFailure(messageFor(error));
    } finally {
      setBusy(false);
    }
  };

  const statusId = `${tokenId}-status`;
  const status =
    check.state === "checking" ? (
      <p className="muted">{t("licenses:activate.checking")}</p>
    ) : check.state === "failed" ? (
      <Alert variant="error">{check.text}</Alert>
    ) : check.state === "done" && !check.result.valid ? (
      <Alert variant="error">{t(`licenses:activate.invalid.${check.result.reason ?? "malformed"}`)}</Alert>
    ) : grants ? (
      <Alert variant="success">{t("licenses:activate.valid")}</Alert>
    ) : null;
  const tokenError = shape && !shape.ok ? shape.errors.token : undefined;
  const expiry = grants?.expiration
    ? formatDateTime(grants.expiration, lang, timezone)
    : grants?.termMonths
      ? counted(t, "licenses:activate.term", grants.termMonths)
      : "—";

  return (
    <div className="activate">
      <form className="form activate-form" noValidate onSubmit={review}>
        {activated ? (
          <Alert variant="success">
            {t("errors:licenseActivate200")}{" "}
            <a className="alert-note" href={`/licenses?team=${encodeURIComponent(activated.team ?? "")}`}>
              {t("licenses:purchase.seePacks")}
            </a>
          </Alert>
        ) : null}
        {failure && !confirming ? <Alert variant="error">{failure}</Alert> : null}
        <div className={tokenError ? "field field-invalid" : "field"}>
          <label className="field-label" htmlFor={tokenId}>
            {t("licenses:activate.token")}
          </label>
          <textarea
            id={tokenId}
            className="input textarea code-input"
            name="token"
            rows={4}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="none"
            value={token}
            aria-invalid={tokenError ? true : undefined}
            aria-describedby={[describedBy(tokenId, t("licenses:activate.tokenHint"), tokenError), statusId].filter(Boolean).join(" ")}
            onChange={(event) => {
              setToken(event.target.value);
              setActivated(null);
            }}
          />
          <FieldMessages id={tokenId} hint={t("licenses:activate.tokenHint")} error={tokenError} />
        </div>
        <div id={statusId} aria-live="polite">
          {status}
        </div>
        {grants ? (
          <section className="activate-grants" aria-label={t("licenses:activate.grantsTitle")}>
            <h2 className="form-section-title">{t("licenses:activate.grantsTitle")}</h2>
            <dl className="summary">
              <dt>{t("licenses:columns.team")}</dt>
              <dd>{grantTeam ?? t("licenses:activate.anyTeam")}</dd>
              <dt>{t("licenses:columns.type")}</dt>
              <dd>{t(`licenses:types.${grants.licenseType}`)}</dd>
              <dt>{t("licenses:columns.count")}</dt>
              <dd data-grant="count">{formatNumber(grants.licenseCount, lang)}</dd>
              <dt>{t("licenses:columns.expiration")}</dt>
              <dd>{expiry}</dd>
              <dt>{t("licenses:activate.issuedAt")}</dt>
              <dd>{formatDateTime(grants.issuedAt, lang, timezone)}</dd>
              {grants.installationId ? (
                <>
                  <dt>{t("licenses:activate.installation")}</dt>
                  <dd>
                    <code>{grants.installationId}</code>
                  </dd>
                </>
              ) : null}
            </dl>
            {chooses ? (
              <TeamPicker
                label={t("licenses:activate.team")}
                required
                placeholder={t("licenses:purchase.teamPlaceholder")}
                teams={teams}
                value={team}
                error={teamError}
                onChange={(next) => {
                  setChosen(next);
                  setTeamError(undefined);
                }}
                csrfToken={csrfToken}
              />
            ) : null}
          </section>
        ) : null}
        <div className="form-actions">
          <SubmitButton busy={busy} disabled={!grants || busy}>
            {t("licenses:activate.review")}
          </SubmitButton>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t("licenses:activate.confirmTitle")}
        confirmLabel={t("licenses:activate.confirm")}
        busy={busy}
        error={failure}
        onConfirm={() => void activate()}
        onClose={() => setConfirming(false)}
      >
        <p>
          {grants
            ? counted(t, "licenses:activate.confirmBody", grants.licenseCount, {
                licenses: formatNumber(grants.licenseCount, lang),
                type: t(`licenses:types.${grants.licenseType}`),
                team: chooses ? chosenName : (grantTeam ?? ""),
              })
            : null}
        </p>
      </ConfirmDialog>
    </div>
  );
}
