import { ACCESS_LEVELS } from "../../../shared/domain/accessLevels";
import { useT } from "../render-context";
import { SelectField } from "./Field";
import type { BoundField } from "./useForm";

/** A form's text value of an access level: "" (not set) or the level's digits. */
export function accessLevelChoice(level: number | null): string {
  return level === null ? "" : String(level);
}

/**
 * The level a form's choice names: "" is null (not set); anything else is sent as a number and
 * left to the shared schema (`accessLevel`) to refuse, so the browser and the server say the same.
 */
export function accessLevelOfChoice(choice: string): number | null {
  return choice === "" ? null : Number(choice);
}

/**
 * The access level picker of the user and admin forms (#31): "Not set" and 0..9, with the hint
 * saying what the number is for. Bound like any field (`{...form.bind("accessLevel")}`); the value
 * is the form's text (see accessLevelChoice).
 */
export function AccessLevelField({ disabled, ...field }: BoundField & { disabled?: boolean }) {
  const t = useT();
  return (
    <SelectField
      {...field}
      label={t("common:accessLevel.label")}
      hint={t("common:accessLevel.hint")}
      placeholder={t("common:accessLevel.notSet")}
      options={ACCESS_LEVELS.map((level) => ({ value: String(level), label: String(level) }))}
      disabled={disabled}
    />
  );
}
