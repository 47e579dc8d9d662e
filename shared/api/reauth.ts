/**
 * Sudo mode's client side (issue #29): a call answered 403 `reauthRequired` is handed to one
 * re-authentication handler — the console's shared prompt, the CLI's terminal prompt — and, when
 * it succeeds, the same call is made once more (a bearer client with the replacement token the
 * handler answers). Without a handler, or when it is cancelled, the call fails as answered.
 */

/** What the server asks for: `password`, plus the factor methods (`totp`, `recovery`, `passkey`) when the admin has one. */
export interface ReauthChallenge {
  methods: readonly string[];
}

/** What a successful re-authentication gives back: a bearer client's replacement token; null when cancelled. */
export type ReauthOutcome = { token?: string } | null;

/** Asks the person to confirm who they are; resolves when done (or cancelled). */
export type ReauthHandler = (challenge: ReauthChallenge) => Promise<ReauthOutcome>;

let installed: ReauthHandler | null = null;

/** Installs the handler every client without its own uses (the console's prompt island); null removes it. */
export function setReauthHandler(handler: ReauthHandler | null): void {
  installed = handler;
}

/** The handler a client uses: its own (`false` for none, as the re-authentication call itself), else the installed one. */
export function reauthHandlerOf(own: ReauthHandler | false | undefined): ReauthHandler | null {
  if (own === false) return null;
  return own ?? installed;
}

/** The challenge of a `reauthRequired` answer's details; `password` alone when they say nothing readable. */
export function reauthChallengeOf(details: unknown): ReauthChallenge {
  const methods = (details as { methods?: unknown } | null | undefined)?.methods;
  return { methods: Array.isArray(methods) ? methods.filter((m): m is string => typeof m === "string") : ["password"] };
}

/** Whether the challenge asks for a code besides the password. */
export function asksForCode(challenge: ReauthChallenge): boolean {
  return challenge.methods.includes("totp") || challenge.methods.includes("recovery");
}
