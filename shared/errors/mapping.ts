import { CATALOGUE, englishMessage, isCatalogueCode } from "./catalogue";
import type { CatalogueCode, CatalogueKey } from "./catalogue";
import { GENERIC_BY_STATUS } from "./entries/generic";
import type { ExitCode } from "./exitCodes";
import { isProtectedPrefix } from "./prefixes";
import type { ActionPrefix } from "./prefixes";
import type { MessageKind } from "./types";

/**
 * What a call produced, as the API client sees it. `network: true` (or status 0) means no HTTP
 * response arrived. `protectedCall` defaults to whether the prefix is protected; `code` and
 * `serverMessage` are the error envelope's `code` and `message` when the body had one.
 */
export type CallOutcome =
  | { readonly prefix: ActionPrefix; readonly network: true }
  | {
      readonly prefix: ActionPrefix;
      readonly status: number;
      readonly serverMessage?: string;
      readonly protectedCall?: boolean;
      readonly code?: string;
    };

/** A 401 on a protected call: clear the session and go to sign-in, showing `sessionExpired` there. */
export interface SignOutResult {
  readonly kind: "signOut";
  readonly code: "sessionExpired";
  readonly key: CatalogueKey<"sessionExpired">;
  readonly status: 401;
  readonly exit: ExitCode;
}

/**
 * A 500: show the server's own message (SPEC §8). `fromServer` is false when the body had none;
 * then `message` is the generic English text and a UI should translate `key` instead.
 */
export interface ServerMessageResult {
  readonly kind: "serverMessage";
  readonly code: "internal";
  readonly key: CatalogueKey<"internal">;
  readonly status: 500;
  readonly severity: "error";
  readonly message: string;
  readonly fromServer: boolean;
  readonly exit: ExitCode;
}

/** Every other outcome: show the catalogue text of `code` with the given severity. */
export interface CodeResult {
  readonly kind: "message";
  readonly code: CatalogueCode;
  readonly key: CatalogueKey;
  /** The status of the response (0 for a network failure), not necessarily the entry's. */
  readonly status: number;
  readonly severity: MessageKind;
  readonly exit: ExitCode;
}

/** The discriminated result of {@link mapCallOutcome}; switch on `kind`. */
export type MappedOutcome = SignOutResult | ServerMessageResult | CodeResult;

function codeResult(code: CatalogueCode, status: number): CodeResult {
  const entry = CATALOGUE[code];
  return { kind: "message", code, key: entry.key, status, severity: entry.kind, exit: entry.exit };
}

/** The action's own code for a status: prefix + status, and for any 2xx also prefix + 200. */
function actionCode(prefix: ActionPrefix, status: number): CatalogueCode | undefined {
  const own = `${prefix}${status}`;
  if (isCatalogueCode(own)) return own;
  if (status >= 200 && status < 300) {
    const ok = `${prefix}200`;
    if (isCatalogueCode(ok)) return ok;
  }
  return undefined;
}

/**
 * The mapping rule of SPEC §8 / DESIGN §8, pure, shared by islands and the CLI. First match wins:
 * 1. no response (`network`, or status 0) → `net`;
 * 2. 401 on a protected call → sign out (even if the body names a code: the session is gone);
 * 3. 500 → the server's message, else the generic 500 text;
 * 4. the envelope's `code`, when the catalogue knows it (the server knows best);
 * 5. prefix + status (so a per-action 400 such as `inviteCreate400` beats the generic
 *    `badParameters`; any 2xx also tries prefix + 200);
 * 6. the generic code for the status (400 → `badParameters`, 504 → `internal`, 2xx → `ok`, …);
 * 7. `unknown`.
 */
export function mapCallOutcome(outcome: CallOutcome): MappedOutcome {
  if ("network" in outcome || outcome.status === 0) return codeResult("net", 0);
  const { prefix, status, serverMessage, code } = outcome;
  const protectedCall = outcome.protectedCall ?? isProtectedPrefix(prefix);

  if (status === 401 && protectedCall) {
    const entry = CATALOGUE.sessionExpired;
    return { kind: "signOut", code: entry.code, key: entry.key, status: 401, exit: entry.exit };
  }
  if (status === 500) {
    const entry = CATALOGUE.internal;
    const fromServer = typeof serverMessage === "string" && serverMessage.trim() !== "";
    return {
      kind: "serverMessage",
      code: entry.code,
      key: entry.key,
      status: 500,
      severity: "error",
      message: fromServer ? serverMessage : englishMessage("internal"),
      fromServer,
      exit: entry.exit,
    };
  }
  if (code !== undefined && isCatalogueCode(code)) return codeResult(code, status);
  const own = actionCode(prefix, status);
  if (own !== undefined) return codeResult(own, status);
  const generic = GENERIC_BY_STATUS[status];
  return codeResult(generic ?? "unknown", status);
}
