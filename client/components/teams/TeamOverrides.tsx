import type { ReactNode } from "react";
import { useT } from "../render-context";
import { settingText } from "../settings/fieldModel";

/** One overridden setting as the team profile lists it (server/services/settings/overrides.ts). */
export interface TeamOverrideView {
  group: string;
  field: string;
  system: unknown;
  team: unknown;
}

/** A setting's value as text: on/off, none, a TURN relay without its password, objects as key: value. */
function ValueText({ value }: { value: unknown }): ReactNode {
  const t = useT();
  if (value === null || value === undefined) return <span className="muted">{t("settings:none")}</span>;
  if (typeof value === "boolean") return t(value ? "settings:on" : "settings:off");
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) =>
      k === "passwordSet" ? t(v ? "settings:passwordSet" : "settings:passwordNotSet") : `${k}: ${settingText(v)}`,
    );
    return <span className="break-all">{entries.join("; ")}</span>;
  }
  return settingText(value);
}

/**
 * The settings a team overrides, beside the system values: one row per field,
 * labelled as on /settings. Nothing overridden says so.
 */
export function TeamOverrides({ overrides }: { overrides: readonly TeamOverrideView[] }) {
  const t = useT();
  if (overrides.length === 0) return <p className="card-note">{t("teams:overrides.none")}</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t("teams:overrides.caption")}>
      <table className="data-table team-overrides">
        <caption className="visually-hidden">{t("teams:overrides.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("teams:overrides.setting")}</th>
            <th scope="col">{t("teams:overrides.system")}</th>
            <th scope="col">{t("teams:overrides.team")}</th>
          </tr>
        </thead>
        <tbody>
          {overrides.map((o) => (
            <tr key={`${o.group}.${o.field}`} data-override={`${o.group}.${o.field}`}>
              <th scope="row" data-label={t("teams:overrides.setting")}>
                {t(`settings:groups.${o.group}`)} · {t(`settings:fields.${o.group}.${o.field}`)}
              </th>
              <td data-label={t("teams:overrides.system")}>
                <ValueText value={o.system} />
              </td>
              <td data-label={t("teams:overrides.team")}>
                <ValueText value={o.team} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
