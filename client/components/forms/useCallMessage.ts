import { useCallback } from "react";
import { isApiError } from "../../../shared/api/errors";
import { GENERIC_ENTRIES, i18nKeyFor, mapCallOutcome, type CatalogueCode } from "../../../shared/errors";
import { useLang, useT } from "../render-context";

/** Generic codes that are specific enough to show even when a form has its own fallback text. */
const KEEP_GENERIC: ReadonlySet<string> = new Set(["net", "tooManyRequests", "timeout", "unavailable"]);

/** Options of {@link useCallMessage}. */
export interface CallMessageOptions {
  /**
   * A form's own failure text (e.g. `profileUpdateFailed`), shown instead of a generic status
   * text such as "Bad parameters"; per-action and named catalogue messages still win.
   */
  fallback?: CatalogueCode;
}

/** The path the admin returns to after signing in again. */
function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * Turns a failed call into the localized catalogue message (SPEC §8 through `mapCallOutcome`):
 * no response → `net`; 500 → the server's message; a 401 on a protected call → the admin is sent
 * to `/signin/{lang}?next=<here>`; otherwise prefix + status or the envelope's code. Anything
 * that is not an ApiError (a bug, a missing WebCrypto) reads as the catalogue's `unknown`.
 */
export function useCallMessage(options: CallMessageOptions = {}): (error: unknown) => string {
  const t = useT();
  const lang = useLang();
  const { fallback } = options;
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return t(i18nKeyFor("unknown"));
      const result = mapCallOutcome(error.outcome);
      switch (result.kind) {
        case "signOut":
          window.location.assign(`/signin/${encodeURIComponent(lang)}?next=${encodeURIComponent(currentPath())}`);
          return t(result.key);
        case "serverMessage":
          return result.fromServer ? result.message : t(result.key);
        case "message":
          if (fallback && Object.hasOwn(GENERIC_ENTRIES, result.code) && !KEEP_GENERIC.has(result.code)) {
            return t(i18nKeyFor(fallback));
          }
          return t(result.key);
      }
    },
    [t, lang, fallback],
  );
}
