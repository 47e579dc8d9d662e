/**
 * The `--access-level <0-9>` and `--no-access-level` flags of `users create|update` and
 * `admins create|update` (#31): what the user typed becomes the body's `accessLevel`, and the
 * shared schema judges it (a number out of range or not a whole number gets its localized message).
 */
import type { Command } from "commander";
import type { Translate } from "../i18n";

/** The flag name a validation message points at. */
export const ACCESS_LEVEL_FLAG = "--access-level";

/**
 * The body part for the flag: absent → nothing; `--no-access-level` (false) → null (clear);
 * digits (and a minus or a fraction, which the schema refuses) → that number; any other text is
 * sent to the schema as text, which refuses it too.
 */
export function accessLevelDraft(value: string | boolean | undefined): { accessLevel?: unknown } {
  if (value === undefined || value === true) return {};
  if (value === false) return { accessLevel: null };
  const trimmed = value.trim();
  return { accessLevel: /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed };
}

/** Adds `--access-level <level>` (and, for an edit, `--no-access-level`). */
export function addAccessLevelOptions(command: Command, t: Translate, options: { clear: boolean }): Command {
  command.option("--access-level <level>", t("accessLevel.opt"));
  return options.clear ? command.option("--no-access-level", t("accessLevel.optNone")) : command;
}
