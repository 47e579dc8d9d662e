import { useCallback, useEffect, useMemo, useReducer, useState } from "react";
import { createInvitesApi } from "../../shared/api/invites";
import { isApiError } from "../../shared/api/errors";
import { InviteCreateSchema, type InviteCreateInput } from "../../shared/schemas/invite";
import { i18nKeyFor } from "../../shared/errors";
import { Alert } from "../components/forms/Alert";
import { OutcomeAlert, useOutcome } from "../components/forms/useOutcome";
import { CompleteStep } from "../components/invites/CompleteStep";
import { DetailsStep } from "../components/invites/DetailsStep";
import { ReviewStep } from "../components/invites/ReviewStep";
import { StepHeading } from "../components/invites/StepHeading";
import { TypeStep } from "../components/invites/TypeStep";
import { invalidCode, plural, type InviteCompany } from "../components/invites/types";
import {
  canSend,
  detailsProblems,
  initialWizard,
  reviewOf,
  wizardReducer,
  type DetailsProblems,
  type InviteLang,
  type SendResult,
  type ServerRefusal,
  type WizardStep,
} from "../components/invites/wizardState";
import { useLang, useT } from "../components/render-context";
import { announceStatus } from "../components/status/pageStatus";

/** Props of the invitation wizard: the companies in scope with their licenses and domains. */
export interface InviteWizardProps {
  /** The companies with available licenses, or null when there are too many for the page (the details step searches them). */
  companies: InviteCompany[] | null;
  /** A company to start with (`/invites?team=slug`), when it has available licenses. */
  team?: string;
  /** That company's licenses and domains when the companies are searched (not in the page). */
  chosen?: InviteCompany;
  csrfToken: string;
}

/** What `history.state` holds for the wizard: the step shown, so the browser's Back and Forward move between steps. */
interface StepState {
  inviteStep: WizardStep;
}

const isStepState = (value: unknown): value is StepState => typeof value === "object" && value !== null && "inviteStep" in value;

/**
 * /invites: the invitation wizard as one island. Choose type → details →
 * review → complete, then 'Send another' or 'Start over'; every input is kept in one reducer,
 * so the wizard's Back and the browser's Back and Forward lose nothing. Each step's heading takes
 * focus; failures are announced as alerts, results through the page's status region. The review
 * asks the server (`POST /v2/invite/review`) who is already onboarded and how many licenses are left.
 */
export function InviteWizard({ companies: initialCompanies, team, chosen, csrfToken }: InviteWizardProps) {
  const t = useT();
  const lang = useLang() as InviteLang;
  const [companies, setCompanies] = useState(initialCompanies);
  /** The company chosen in the search (large scope): the page does not list it. */
  const [picked, setPicked] = useState<InviteCompany | null>(chosen ?? null);
  const offered = companies?.filter((company) => company.available > 0) ?? null;
  const listedTeam = offered ? offered.some((company) => company.slug === team) : chosen?.slug === team;
  const startTeam = team && listedTeam ? team : offered?.length === 1 ? offered[0]!.slug : "";
  const startLang = (offered?.find((company) => company.slug === startTeam) ?? (chosen?.slug === startTeam ? chosen : undefined))?.language;
  const [state, dispatch] = useReducer(wizardReducer, undefined, () => initialWizard(lang, startTeam, startLang));
  const [problems, setProblems] = useState<DetailsProblems | null>(null);
  const [checking, setChecking] = useState(false);
  /** The server's review of the addresses (already onboarded and other refusals). */
  const [serverFailed, setServerFailed] = useState<ServerRefusal[]>([]);
  const [sending, setSending] = useState(false);
  /** The body failed the shared schema (the review should make this impossible; never sent then). */
  const [bodyError, setBodyError] = useState<string | null>(null);
  const outcome = useOutcome();
  // Headings take the focus only once the wizard has moved (not on the page's first render).
  const [moved, setMoved] = useState(false);
  const company =
    (companies ? companies.find((item) => item.slug === state.details.team) : picked?.slug === state.details.team ? picked : null) ?? null;
  const choosable = useMemo(() => offered ?? (company && company.available > 0 ? [company] : []), [offered, company]);
  const seatMap = useMemo(
    () => new Map(choosable.map((item) => [item.slug, { capacity: 0, users: 0, invites: 0, available: item.available }])),
    [choosable],
  );
  /** A company's available licenses as the server last answered them, in the list or the searched company. */
  const setAvailable = (slug: string, available: (before: number) => number) => {
    setCompanies((all) => all && all.map((item) => (item.slug === slug ? { ...item, available: available(item.available) } : item)));
    setPicked((item) => (item && item.slug === slug ? { ...item, available: available(item.available) } : item));
  };
  const review = useMemo(
    () => reviewOf(state, company?.domains ?? [], company?.available ?? 0, serverFailed),
    [state, company, serverFailed],
  );

  // The browser's Back and Forward move between the steps already visited.
  useEffect(() => {
    if (!isStepState(window.history.state))
      window.history.replaceState({ ...(window.history.state as object | null), inviteStep: "type" } satisfies StepState, "");
    const onPop = (event: PopStateEvent) => {
      if (!isStepState(event.state)) return;
      setMoved(true);
      dispatch({ kind: "goTo", step: event.state.inviteStep });
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const go = useCallback(
    (step: WizardStep, push = true) => {
      setMoved(true);
      outcome.clear();
      setProblems(null);
      setBodyError(null);
      dispatch({ kind: "goTo", step });
      if (push) window.history.pushState({ inviteStep: step } satisfies StepState, "");
    },
    [outcome],
  );

  /** The body of a create (or review) call for these addresses. */
  const bodyFor = (team: string, addresses: string[]): InviteCreateInput => ({
    team,
    type: state.type,
    addresses,
    lang: state.details.lang,
    matchUser: state.type === "email" && state.details.matchUser,
    directSignIn: state.details.directSignIn,
  });

  /**
   * On the way to the review the server reviews the well-formed addresses (`POST /v2/invite/review`:
   * already onboarded, other refusals, the company's licenses now); nothing is written.
   */
  const toReview = () => {
    const found = detailsProblems(state.details, seatMap);
    if (found.team || found.addresses) {
      setProblems(found);
      return;
    }
    setProblems(null);
    setServerFailed([]);
    go("review");
    const team = state.details.team;
    const candidates = reviewOf(state, company?.domains ?? [], 0).valid;
    const checked = InviteCreateSchema.safeParse(bodyFor(team, candidates));
    if (!checked.success) return;
    setChecking(true);
    createInvitesApi({ csrfToken })
      .review(checked.data)
      .then(
        (answer) => {
          setServerFailed(answer.failed);
          setAvailable(team, () => answer.seats.available);
        },
        (error: unknown) => outcome.fail(error),
      )
      .finally(() => setChecking(false));
  };

  const send = () => {
    if (!company || !canSend(review)) return;
    setSending(true);
    outcome.clear();
    const skipped: SendResult["failed"] = [
      ...review.invalid.map((address) => ({ address, code: invalidCode(state.type) })),
      ...review.outsideDomains.map((address) => ({ address, code: "inviteCreate502" })),
      ...review.onboarded.map((address) => ({ address, code: "inviteCreate409" })),
      ...review.refused,
    ];
    const body = bodyFor(company.slug, review.toSend);
    // The shared schema checks the body as the server will; the review has kept it within bounds.
    const checked = InviteCreateSchema.safeParse(body);
    if (!checked.success) {
      setSending(false);
      setBodyError(t(i18nKeyFor("badParameters")));
      return;
    }
    createInvitesApi({ csrfToken })
      .create(checked.data)
      .then(
        (answer) => {
          const result: SendResult = { ok: answer.ok, failed: [...answer.failed, ...skipped] };
          setAvailable(company.slug, (before) => Math.max(0, before - answer.ok.length));
          finish(result);
        },
        (error: unknown) => {
          // Onboarded since the review, every one of them: the call answers 409; show it per address.
          if (isApiError(error) && error.status === 409)
            return finish({ ok: [], failed: [...review.toSend.map((address) => ({ address, code: "inviteCreate409" })), ...skipped] });
          outcome.fail(error);
        },
      )
      .finally(() => setSending(false));
  };

  const finish = (result: SendResult) => {
    setMoved(true);
    dispatch({ kind: "sent", result });
    window.history.replaceState({ inviteStep: "complete" } satisfies StepState, "");
    announceStatus(plural(t, state.type === "email" ? "invites:complete.sent" : "invites:complete.created", result.ok.length, lang));
  };

  const restart = (another: boolean) => {
    setMoved(true);
    outcome.clear();
    setProblems(null);
    dispatch(another ? { kind: "sendAnother" } : { kind: "startOver", lang });
    window.history.replaceState({ inviteStep: another ? "details" : "type" } satisfies StepState, "");
  };

  const { step } = state;
  return (
    <section className="invite-wizard" aria-label={t("invites:wizard.label")}>
      <StepHeading step={step} focus={moved} />
      {step === "type" ? <TypeStep type={state.type} onChange={(type) => dispatch({ kind: "chooseType", type })} /> : null}
      {step === "details" ? (
        <>
          {offered !== null && offered.length === 0 ? (
            <Alert variant="error">
              {t(i18nKeyFor("chooseCompanyWithLicenses"))} <a href="/licenses">{t("invites:details.addLicenses")}</a>
            </Alert>
          ) : null}
          <DetailsStep
            type={state.type}
            details={state.details}
            companies={offered}
            chosen={company}
            onChoose={(choice) => {
              setPicked(choice);
              dispatch({ kind: "chooseTeam", team: choice?.slug ?? "", lang: choice?.language });
            }}
            csrfToken={csrfToken}
            problems={problems}
            onChange={(patch) => dispatch({ kind: "edit", patch })}
          />
        </>
      ) : null}
      {step === "review" ? (
        <ReviewStep type={state.type} details={state.details} teamName={company?.teamName ?? ""} review={review} checking={checking} />
      ) : null}
      {step === "complete" && state.result ? <CompleteStep type={state.type} result={state.result} teamSlug={state.details.team} /> : null}
      {problems && (problems.team || problems.addresses) ? (
        <Alert variant="error">{problems.team ? t(i18nKeyFor(problems.team)) : t("invites:details.addressesRequired")}</Alert>
      ) : bodyError ? (
        <Alert variant="error">{bodyError}</Alert>
      ) : (
        <OutcomeAlert outcome={outcome.outcome} />
      )}
      <div className="wizard-actions">
        {step === "details" || step === "review" ? (
          <button type="button" className="button" onClick={() => go(step === "review" ? "details" : "type")}>
            {t("invites:wizard.back")}
          </button>
        ) : null}
        {step === "type" ? (
          <button type="button" className="button button-primary" onClick={() => go("details")}>
            {t("invites:wizard.next")}
          </button>
        ) : null}
        {step === "details" ? (
          <button type="button" className="button button-primary" onClick={toReview}>
            {t("invites:wizard.next")}
          </button>
        ) : null}
        {step === "review" ? (
          <button type="button" className="button button-primary" disabled={checking || sending || !canSend(review)} onClick={send}>
            {sending ? t("invites:wizard.sending") : t(state.type === "email" ? "invites:wizard.send" : "invites:wizard.create")}
          </button>
        ) : null}
        {step === "complete" ? (
          <>
            <button type="button" className="button button-primary" onClick={() => restart(true)}>
              {t("invites:wizard.sendAnother")}
            </button>
            <button type="button" className="button" onClick={() => restart(false)}>
              {t("invites:wizard.startOver")}
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
