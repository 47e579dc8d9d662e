/**
 * How the CLI turns anything that went wrong into what it prints and the exit status (DESIGN §8,
 * §9): API failures go through the shared `mapCallOutcome` and `exitCodeFor`, so the CLI says and
 * returns exactly what the catalogue defines; the CLI's own failures (bad command line, no
 * context, damaged config file) use the same EXIT_CODES table.
 */
import { isApiError } from "../shared/api/errors";
import { EXIT_CODES, exitCodeFor, isCatalogueCode, mapCallOutcome, type ExitCode } from "../shared/errors";
import { ConfigFileError } from "./configFile";
import { NetFailure } from "./http/netErrors";
import type { Translate } from "./i18n";

/** Codes of failures the CLI detects itself (never sent by a server); documented in the README. */
export type LocalCode = "usage" | "notSignedIn" | "contextNotFound" | "configInvalid" | "declined";

const LOCAL_EXIT: Readonly<Record<LocalCode, ExitCode>> = {
  usage: EXIT_CODES.usage,
  notSignedIn: EXIT_CODES.authentication,
  contextNotFound: EXIT_CODES.usage,
  configInvalid: EXIT_CODES.unknown,
  declined: EXIT_CODES.unknown,
};

/**
 * A failure the CLI raises itself, already translated. Commands throw it; the entry point prints
 * it once and exits with its code, so no command writes errors or calls process.exit on its own.
 */
export class CliError extends Error {
  override name = "CliError";
  readonly exit: ExitCode;
  constructor(
    readonly code: LocalCode,
    message: string,
  ) {
    super(message);
    this.exit = LOCAL_EXIT[code];
  }
}

/** A usage error (exit 2): a missing argument, a prompt that cannot be shown, a bad flag combination. */
export function usageError(message: string): CliError {
  return new CliError("usage", message);
}

/** What the CLI prints for a failure and the status it exits with; `--json` prints `{ error: { code, status, message } }`. */
export interface Failure {
  /** A catalogue code (`signin401`, `sessionExpired`, `net`, …) or a {@link LocalCode}. */
  readonly code: string;
  /** The HTTP status, 0 when there was no HTTP response or no call at all. */
  readonly status: number;
  /** The localized message. */
  readonly message: string;
  readonly exit: ExitCode;
  /** From the API's error envelope, kept in `--json` output. */
  readonly details?: unknown;
  /** The server's request id, for support. */
  readonly requestId?: string;
  /** Seconds the server asked to wait (429, 503). */
  readonly retryAfter?: number;
}

/** The localized catalogue message of a code (the code itself when the catalogue does not know it). */
export function catalogueMessage(t: Translate, code: string): string {
  return isCatalogueCode(code) ? t(`errors:${code}`) : code;
}

/** Classifies any thrown value into a {@link Failure}, translating with `t`. */
export function describeFailure(error: unknown, t: Translate): Failure {
  if (error instanceof CliError) return { code: error.code, status: 0, message: error.message, exit: error.exit };
  if (error instanceof ConfigFileError) {
    return {
      code: "configInvalid",
      status: 0,
      message: t("errors.configInvalid", { file: error.file, problem: error.problem }),
      exit: LOCAL_EXIT.configInvalid,
    };
  }
  if (error instanceof NetFailure) return netFailure(error, t);
  if (isApiError(error)) {
    if (error.network && error.cause instanceof NetFailure) return netFailure(error.cause, t);
    // The CLI's fetch refused before sending (an unreadable --ca-file): that failure, not a network one.
    if (error.network && error.cause instanceof CliError) return describeFailure(error.cause, t);
    const mapped = mapCallOutcome(error.outcome);
    let message = mapped.kind === "serverMessage" && mapped.fromServer ? mapped.message : t(`errors:${mapped.code}`);
    const exit = exitCodeFor(mapped.code);
    if (exit === EXIT_CODES.unavailable && error.retryAfter !== undefined) {
      message = `${message} (${t("retry.tryAgainIn", { seconds: error.retryAfter, wait: humanWait(error.retryAfter) })})`;
    }
    return {
      code: mapped.code,
      status: error.status,
      message,
      exit,
      ...(error.details !== undefined ? { details: error.details } : {}),
      ...(error.requestId !== undefined ? { requestId: error.requestId } : {}),
      ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
    };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { code: "unknown", status: 0, message: `${t("errors:unknown")} (${detail})`, exit: exitCodeFor("unknown") };
}

/** A wait in words a person reads at a glance: "695 s" becomes "11 min 35 s". */
export function humanWait(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? `${h} h` : "", m ? `${m} min` : "", s ? `${s} s` : ""].filter(Boolean).join(" ");
}

/** A network failure with its own code and sentence (`net.<code>`), the low-level reason appended; exit 9. */
function netFailure(failure: NetFailure, t: Translate): Failure {
  // The fallback keeps the catalogue's own `net` text, as before the failures were told apart.
  const message = failure.code === "net" ? t("errors:net") : `${t(`net.${failure.code}`, { host: failure.host })} (${failure.detail})`;
  return { code: failure.code, status: 0, message, exit: EXIT_CODES.network };
}
