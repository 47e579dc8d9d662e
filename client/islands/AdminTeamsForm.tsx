import { useState } from "react";
import { createAdminsApi } from "../../shared/api/admins";
import { V } from "../../shared/schemas/messages";
import { toI18nKey } from "../../shared/schemas/messages";
import { TeamChecklist, type TeamOption } from "../components/admins/TeamChecklist";
import { SubmitButton } from "../components/forms/SubmitButton";
import { OutcomeAlert, useOutcome } from "../components/forms/useOutcome";
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
  const { outcome, clear, succeed, fail } = useOutcome();
  const form = useForm({});
  const [selected, setSelected] = useState<string[]>(initial);

  const submit = form.handleSubmit(async () => {
    clear();
    if (selected.length === 0 && !hasOtherTeams) return form.showErrors({ teams: t(toI18nKey(V.adminTeamsRequired)) });
    form.showErrors({});
    try {
      const admin = await createAdminsApi({ csrfToken }).setTeams({ uid, teams: selected });
      setSelected(admin.teams.map((team) => team.slug));
      succeed(t("errors:adminTeams200"), { reload: true });
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      <OutcomeAlert outcome={outcome} />
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
