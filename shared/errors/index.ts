/**
 * The error catalogue of SPEC §8 (DESIGN §8): action prefixes, catalogue codes with their
 * i18n keys, HTTP statuses, kinds and English texts, the outcome → code mapping shared by
 * islands and the CLI, and the CLI exit codes. The only entry point other modules import.
 */
export { ACTION_PREFIXES, PROTECTED_PREFIXES, PUBLIC_PREFIXES, isActionPrefix, isProtectedPrefix } from "./prefixes";
export type { ActionCodePattern, ActionPrefix } from "./prefixes";
export { EXIT_CODES, exitCodeForStatus } from "./exitCodes";
export type { ExitCode } from "./exitCodes";
export type { MessageKind } from "./types";
export { GENERIC_BY_STATUS, GENERIC_ENTRIES } from "./entries/generic";
export type { GenericCode } from "./entries/generic";
export type { MessageCode } from "./entries/messages";
export {
  CATALOGUE,
  CATALOGUE_CODES,
  CATALOGUE_GROUPS,
  ERRORS_NAMESPACE,
  englishMessage,
  entryFor,
  exitCodeFor,
  httpStatusFor,
  i18nKeyFor,
  isCatalogueCode,
  placeholdersOf,
} from "./catalogue";
export type { CatalogueCode, CatalogueEntry, CatalogueKey, HttpStatusForCode } from "./catalogue";
export { mapCallOutcome } from "./mapping";
export type { CallOutcome, CodeResult, MappedOutcome, ServerMessageResult, SignOutResult } from "./mapping";
export { SPEC_CODES, SPEC_CODES_NOT_SENT } from "./spec";
export type { SpecCode } from "./spec";
