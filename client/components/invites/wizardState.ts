import type { TeamSeats } from "../../../shared/domain/licenses";
import type { InviteType } from "../../../shared/domain/statuses";
import { languages, maxCount } from "../../../shared/limits";
import { addressKey, sortAddresses, splitAddresses, type SortedAddresses } from "./addresses";

/**
 * The invitation wizard's state machine: choose type → details → review →
 * complete, then 'Send another' or 'Start over'. One reducer holds everything the admin entered,
 * so going back and forward (the wizard's buttons or the browser's) never loses input; the
 * island only renders the current step. Pure: unit-tested without a browser.
 */

/** The wizard's steps, in order. */
export const WIZARD_STEPS = ["type", "details", "review", "complete"] as const;
/** One step of the wizard. */
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** A language an invitation can be sent in. */
export type InviteLang = (typeof languages)[number];

/** A CSV file the admin chose, read in the browser. */
export interface ChosenFile {
  name: string;
  addresses: string[];
}

/** What the details step collects. */
export interface WizardDetails {
  /** The company's slug ('' until one is chosen). */
  team: string;
  /** Addresses typed or pasted. */
  text: string;
  file: ChosenFile | null;
  lang: InviteLang;
  /** The admin picked the language: choosing a company no longer proposes its own. */
  langChosen: boolean;
  matchUser: boolean;
  directSignIn: boolean;
}

/** One address's result after sending: its invitation (and, for handles, the code shown once) or its failure code. */
export interface SendResult {
  ok: { address: string; id: string; code?: string }[];
  failed: { address: string; code: string }[];
}

/** The whole wizard. */
export interface WizardState {
  step: WizardStep;
  type: InviteType;
  details: WizardDetails;
  result: SendResult | null;
}

/** What the wizard can be told. */
export type WizardAction =
  | { kind: "chooseType"; type: InviteType }
  | { kind: "edit"; patch: Partial<WizardDetails> }
  | { kind: "chooseTeam"; team: string; lang: string | undefined }
  | { kind: "goTo"; step: WizardStep }
  | { kind: "sent"; result: SendResult }
  | { kind: "sendAnother" }
  | { kind: "startOver"; lang: InviteLang };

/** A language code as an invitation language, or undefined when it is not one. */
export function inviteLangOf(code: string | undefined): InviteLang | undefined {
  return (languages as readonly string[]).includes(code ?? "") ? (code as InviteLang) : undefined;
}

/**
 * A fresh wizard: e-mail invitations in the starting company's language (the administrator's
 * when no company is chosen yet), nothing entered.
 */
export function initialWizard(lang: InviteLang, team = "", teamLang?: string): WizardState {
  return {
    step: "type",
    type: "email",
    details: { team, text: "", file: null, lang: inviteLangOf(teamLang) ?? lang, langChosen: false, matchUser: false, directSignIn: false },
    result: null,
  };
}

/** Every address entered: the typed or pasted ones, then the file's. */
export function enteredAddresses(details: WizardDetails): string[] {
  return [...splitAddresses(details.text), ...(details.file?.addresses ?? [])];
}

/**
 * Steps the wizard may show: the complete step only with a result, and nothing before it once
 * sent (the invitations exist; 'Send another' or 'Start over' begins anew).
 */
export function canShow(state: WizardState, step: WizardStep): boolean {
  if (state.result) return step === "complete";
  return step !== "complete";
}

/** The next state. Unknown or out-of-order moves leave the state as it is. */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.kind) {
    case "chooseType":
      return state.result ? state : { ...state, type: action.type };
    case "edit":
      return state.result ? state : { ...state, details: { ...state.details, ...action.patch } };
    case "chooseTeam": {
      // The company's language is proposed until the admin picks one themselves.
      if (state.result) return state;
      const lang = state.details.langChosen ? undefined : inviteLangOf(action.lang);
      return { ...state, details: { ...state.details, team: action.team, ...(lang ? { lang } : {}) } };
    }
    case "goTo":
      return canShow(state, action.step) ? { ...state, step: action.step } : state;
    case "sent":
      return { ...state, step: "complete", result: action.result };
    case "sendAnother":
      // Same type, company, language and options; new addresses.
      return { ...state, step: "details", result: null, details: { ...state.details, text: "", file: null } };
    case "startOver":
      return initialWizard(action.lang);
  }
}

/** Why the details step cannot go on to the review (catalogue or invites keys), empty when it can. */
export interface DetailsProblems {
  team?: "chooseCompanyWithLicenses";
  addresses?: "required";
}

/** Checks the details step: a company with available licenses and at least one address. */
export function detailsProblems(details: WizardDetails, seats: ReadonlyMap<string, TeamSeats>): DetailsProblems {
  const problems: DetailsProblems = {};
  const chosen = seats.get(details.team);
  if (!chosen || chosen.available <= 0) problems.team = "chooseCompanyWithLicenses";
  if (enteredAddresses(details).length === 0) problems.addresses = "required";
  return problems;
}

/** One address the server's review refused, with its catalogue code. */
export interface ServerRefusal {
  address: string;
  code: string;
}

/** What the review step shows. */
export interface Review extends SortedAddresses {
  /** Valid addresses the server says are already onboarded (`inviteCreate409`). */
  onboarded: string[];
  /** Valid addresses the server refuses for another reason (its code per address). */
  refused: ServerRefusal[];
  /** The addresses to send: valid and not refused by the server. */
  toSend: string[];
  seatsBefore: number;
  seatsAfter: number;
  /** More to send than available licenses: the send is blocked. */
  over: boolean;
  /** More addresses than one call takes (maxCount.inviteRecipients): the send is blocked. */
  tooMany: boolean;
}

/**
 * The review of what will be sent. `serverFailed` is the server's review of the valid addresses
 * (`POST /v2/invite/review`: already onboarded and other refusals, compared ignoring case);
 * `available` is the company's available licenses.
 */
export function reviewOf(
  state: WizardState,
  domains: readonly string[],
  available: number,
  serverFailed: readonly ServerRefusal[] = [],
): Review {
  const sorted = sortAddresses(enteredAddresses(state.details), state.type, domains);
  const failedBy = new Map(serverFailed.map((item) => [addressKey(item.address), item.code]));
  const onboarded: string[] = [];
  const refused: ServerRefusal[] = [];
  const toSend: string[] = [];
  for (const address of sorted.valid) {
    const code = failedBy.get(addressKey(address));
    if (code === undefined) toSend.push(address);
    else if (code === "inviteCreate409") onboarded.push(address);
    else refused.push({ address, code });
  }
  return {
    ...sorted,
    onboarded,
    refused,
    toSend,
    seatsBefore: available,
    seatsAfter: available - toSend.length,
    over: toSend.length > available,
    tooMany: toSend.length > maxCount.inviteRecipients,
  };
}

/** Whether the review allows sending: something to send, within the available licenses and one call's limit. */
export function canSend(review: Review): boolean {
  return review.toSend.length > 0 && !review.over && !review.tooMany;
}
