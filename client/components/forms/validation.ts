import type { z } from "zod";
import { toI18nKey, validationKeyOf, validationMessageParams } from "../../../shared/schemas/messages";
import type { Translate } from "../render-context";

/** Localized messages by field name; `FORM_ERROR` holds issues that belong to no single field. */
export type FieldErrors = Readonly<Record<string, string>>;

/** The key under which an issue without a path (a whole-form rule) is reported. */
export const FORM_ERROR = "_form";

/** The outcome of checking form values against a shared schema. */
export type ValidationResult<T> = { ok: true; data: T; errors: FieldErrors } | { ok: false; errors: FieldErrors };

/**
 * Turns zod issues into one localized message per field (the first issue wins, as a user fixes
 * one thing at a time). Messages are `validation:` keys filled with the issue's min/max, so the
 * browser shows the same text in the same language the server and CLI would.
 */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[], t: Translate): FieldErrors {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : FORM_ERROR;
    if (field in out) continue;
    out[field] = t(toI18nKey(validationKeyOf(issue)), validationMessageParams(issue));
  }
  return out;
}

/**
 * Runs a shared zod schema against form values: the islands validate with exactly the rules
 * the server will apply, and show the failures before any request is made.
 */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown, t: Translate): ValidationResult<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: {} };
  return { ok: false, errors: issuesToFieldErrors(result.error.issues, t) };
}
