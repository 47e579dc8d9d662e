import { englishMessage, entryFor, type CatalogueCode } from "../shared/errors";

/**
 * The one error type handlers and services throw: it carries a catalogue code (DESIGN §8), so
 * the envelope, the console's message and the CLI's exit code all follow from it.
 */
export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  constructor(
    readonly code: CatalogueCode,
    status?: number,
    readonly details?: unknown,
  ) {
    super(englishMessage(code));
    this.status = status ?? entryFor(code).status ?? 500;
  }
}

/** 400 with the zod issues as details: the client shows which field is wrong. */
export function badParameters(details: unknown): AppError {
  return new AppError("badParameters", 400, details);
}
