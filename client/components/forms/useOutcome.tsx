import { useCallback, useMemo, useState, type ReactNode } from "react";
import { announceStatus, clearStatus, hasStatusRegion, reloadWithStatus } from "../status/pageStatus";
import { Alert } from "./Alert";
import { useCallMessage, type CallMessageOptions } from "./useCallMessage";

/** What an action last said: its success text, or its failure's localized message. */
export interface Outcome {
  ok: boolean;
  text: string;
}

/** The outcome of a form's or button's call, and how to set it. */
export interface OutcomeState {
  outcome: Outcome | null;
  /** Forgets the last outcome (a new attempt starts). */
  clear: () => void;
  /**
   * A success: shown in the page's one status region (replacing its previous message), or beside
   * the island on a page without one. With `reload`, the page reloads first, so everything the
   * server rendered (cards, header) shows what it now holds.
   */
  succeed: (text: string, options?: { reload?: boolean }) => void;
  /** The failure's catalogue message (useCallMessage: 401 signs out, 500 shows the server's). */
  fail: (error: unknown) => void;
}

/**
 * The success-or-failure message of every island with one call: one state and one mapping of
 * failures (useCallMessage) instead of a copy of both in each island. Failures stay beside the
 * control that failed; successes go to the page's status region (client/components/status).
 */
export function useOutcome(options: CallMessageOptions = {}): OutcomeState {
  const messageFor = useCallMessage(options);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const clear = useCallback(() => setOutcome(null), []);
  const succeed = useCallback((text: string, { reload = false }: { reload?: boolean } = {}) => {
    if (reload && hasStatusRegion()) return reloadWithStatus(text);
    setOutcome(announceStatus(text) ? null : { ok: true, text });
  }, []);
  const fail = useCallback(
    (error: unknown) => {
      clearStatus();
      setOutcome({ ok: false, text: messageFor(error) });
    },
    [messageFor],
  );
  return useMemo(() => ({ outcome, clear, succeed, fail }), [outcome, clear, succeed, fail]);
}

/**
 * The outcome as an Alert (success: status; failure: alert), with `successNote` after a success's
 * text or `failureNote` after a failure's (details the catalogue message cannot name, in the same
 * alert so they are announced with it).
 */
export function OutcomeAlert({
  outcome,
  successNote,
  failureNote,
}: {
  outcome: Outcome | null;
  successNote?: ReactNode;
  failureNote?: ReactNode;
}) {
  if (!outcome) return null;
  return (
    <Alert variant={outcome.ok ? "success" : "error"}>
      {outcome.text}
      {outcome.ok ? successNote : failureNote}
    </Alert>
  );
}
