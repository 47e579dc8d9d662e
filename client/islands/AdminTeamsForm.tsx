import { useState } from "react";
import { createAdminsApi } from "../../shared/api/admins";
import { V } from "../../shared/schemas/messages";
import { toI18nKey } from "../../shared/schemas/messages";
import { TeamChecklist, type TeamOption } from "../components/admins/TeamChecklist";
import { Alert } from "../components/forms/Alert";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { useT } from "../components/render-context";

/** Props of the admin-teams island: the admin, the teams the editor manages, and the admin's teams among them. */
export interface AdminTeamsFormProps {
  csrfToken: string;
  uid: string;
  options: TeamOption[];
  selected: string[];
  /** The admin also manages teams outside the editor's scope (kept as they are). */
  hasOtherTeams: boolean;
}

/**
 * Another admin's profile → companies (`PUT /v2/admin/teams`): the editor changes membership
 * only among the companies they manage; the server keeps the rest. A non-root admin keeps at
 * least one company, unless they also manage companies outside the editor's scope.
 */
export function AdminTeamsForm({ csrfToken, uid, options, selected: initial, hasOtherTeams }: AdminTeamsFormProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm({});
  const [selected, setSelected] = useState<string[]>(initial);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = form.handleSubmit(async () => {
    setOutcome(null);
    if (selected.length === 0 && !hasOtherTeams) return form.showErrors({ teams: t(toI18nKey(V.adminTeamsRequired)) });
    form.showErrors({});
    try {
      const admin = await createAdminsApi({ csrfToken }).setTeams({ uid, teams: selected });
      setSelected(admin.teams.map((team) => team.slug));
      setOutcome({ ok: true, text: t("errors:adminTeams200") });
    } catch (error) {
      setOutcome({ ok: false, text: messageFor(error) });
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      {outcome ? <Alert variant={outcome.ok ? "success" : "error"}>{outcome.text}</Alert> : null}
      <TeamChecklist
        legend={t("admins:profile.teams")}
        hideLegend
        hint={t("admins:teams.intro")}
        empty={t("admins:create.noTeams")}
        options={options}
        selected={selected}
        error={form.errors.teams}
        onChange={(next) => {
          setSelected(next);
          form.showErrors({});
        }}
      />
      <div className="form-actions">
        <SubmitButton busy={form.busy}>{t("admins:teams.submit")}</SubmitButton>
      </div>
    </form>
  );
}
