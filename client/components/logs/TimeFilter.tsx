import { useState } from "react";
import { formatDateTime } from "../../lib/datetime";
import { isoToWallTime, wallTimeToIso } from "../../lib/zonedTime";
import { TextField } from "../forms/Field";
import { useLang, useT } from "../render-context";

/**
 * Typed text as a wall time `YYYY-MM-DDTHH:MM`: a date (`2026-03-31`, midnight) or a date and
 * time (`2026-03-31 14:30`, a space or a T between); null when it is neither or not a real day.
 */
export function wallTimeOf(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const [hour, minute] = [Number(match[4] ?? 0), Number(match[5] ?? 0)];
  if (hour > 23 || minute > 59) return null;
  return `${match[1]}-${match[2]}-${match[3]}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/** Props of {@link TimeFilter}. */
export interface TimeFilterProps {
  name: "from" | "to";
  label: string;
  /** The filter in force (ISO 8601), if any. */
  value: string | undefined;
  timezone: string;
  onChange: (iso: string | undefined) => void;
}

/**
 * One end of the access log's time range, typed as year-month-day (and a time) in the admin's
 * zone — the same in every language, never the browser's mm/dd/yyyy — and read back in the
 * console's own date style under the field. It applies on Enter or when the field is left.
 */
export function TimeFilter({ name, label, value, timezone, onChange }: TimeFilterProps) {
  const t = useT();
  const lang = useLang();
  const [text, setText] = useState(() => (value ? isoToWallTime(value, timezone).replace("T", " ") : ""));
  const [error, setError] = useState<string | undefined>(undefined);
  const wall = wallTimeOf(text);
  const iso = wall === null ? null : wallTimeToIso(wall, timezone);
  const apply = () => {
    if (text.trim() === "") {
      setError(undefined);
      if (value !== undefined) onChange(undefined);
      return;
    }
    if (iso === null) return setError(t("logs:filters.dateInvalid"));
    setError(undefined);
    if (iso !== value) onChange(iso);
  };
  return (
    <TextField
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      placeholder={t("logs:filters.datePlaceholder")}
      hint={iso !== null ? formatDateTime(iso, lang, timezone, "long") : t("logs:filters.dateHint")}
      error={error}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          apply();
        }
      }}
    />
  );
}
