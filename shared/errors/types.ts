import type { ActionCodePattern } from "./prefixes";
import type { ExitCode } from "./exitCodes";

/** How a message is shown: toast colour in the console, stream and exit status in the CLI. */
export type MessageKind = "error" | "success" | "info";

/**
 * One catalogue entry as written in the tables under `entries/`. `en` must equal
 * locales/en/errors.json (a test enforces it) so the server can fill the envelope's `message`
 * synchronously; `exit` overrides the exit code the status implies.
 */
export interface EntrySpec {
  readonly status: number;
  readonly kind: MessageKind;
  readonly en: string;
  readonly exit?: ExitCode;
}

/** A table of per-action entries: every key must be a known prefix followed by a status. */
export type ActionEntrySpecs = { readonly [K in ActionCodePattern]?: EntrySpec };
