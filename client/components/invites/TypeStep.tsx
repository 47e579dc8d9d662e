import type { InviteType } from "../../../shared/domain/statuses";
import { useT } from "../render-context";

/** Step 1: e-mail invitations or pre-provisioned handles, each with what it means. */
export function TypeStep({ type, onChange }: { type: InviteType; onChange: (type: InviteType) => void }) {
  const t = useT();
  return (
    <fieldset className="field radio-group invite-types">
      <legend className="field-label">{t("invites:type.legend")}</legend>
      {(["email", "handle"] as const).map((value) => (
        <label key={value} className="checkbox radio-option invite-type">
          <input
            type="radio"
            name="invite-type"
            value={value}
            checked={type === value}
            aria-describedby={`invite-type-${value}-hint`}
            onChange={() => onChange(value)}
          />
          <span>
            <strong>{t(`invites:type.${value}`)}</strong>
            <span className="field-hint" id={`invite-type-${value}-hint`}>
              {t(`invites:type.${value}Hint`)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
