import { useState } from "react";
import { isApiError } from "../../shared/api/errors";
import { createTeamsApi } from "../../shared/api/teams";
import { TeamCreateSchema, TeamUpdateSchema, suggestSlug } from "../../shared/schemas/team";
import { Alert } from "../components/forms/Alert";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { FORM_ERROR, validateForm, type FieldErrors } from "../components/forms/validation";
import { useT } from "../components/render-context";
import {
  AuthenticationSection,
  ContactsSection,
  EmailThemeSection,
  IdentitySection,
  LocationSection,
} from "../components/teams/TeamFormSections";
import {
  createBody,
  fieldOfIssue,
  initialTeamValues,
  partBody,
  updateBody,
  type TeamFormInitial,
  type TeamFormPart,
} from "../components/teams/teamFormModel";

/** Props of the team form: create a company (root) or edit the one given. */
export interface TeamFormProps {
  mode: "create" | "edit";
  /** The team being edited; null when creating. */
  team: TeamFormInitial | null;
  csrfToken: string;
  timezones: string[];
  /** On the profile: the part this form edits and saves on its own (absent: every field, as on create). */
  part?: TeamFormPart;
  /** Root may change the identifier and the authentication; a company admin sees them read-only. */
  canEditRootOnly?: boolean;
}

/** Catalogue codes that are about the identifier: shown on the slug field too. */
const SLUG_CONFLICTS: ReadonlySet<string> = new Set(["teamCreate409", "teamEdit409"]);

/**
 * Creates or edits a team with every field of SPEC §3, grouped in sections. The identifier is
 * suggested live from the name until the admin edits it. Values are checked with the same shared
 * schema as the server before any request; on success the browser goes to the team's profile,
 * which confirms the change ('Company created' for a new team).
 */
export function TeamForm({ mode, team, csrfToken, timezones, part, canEditRootOnly = true }: TeamFormProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm(initialTeamValues(team));
  const [slugEdited, setSlugEdited] = useState(mode === "edit");
  const [failure, setFailure] = useState<string | null>(null);

  const onName = (value: string) => {
    form.setValue("teamName", value);
    if (!slugEdited) form.setValue("slug", suggestSlug(value));
  };
  const onSlug = (value: string) => {
    setSlugEdited(mode === "edit" || value !== "");
    form.setValue("slug", value.toLowerCase());
  };

  const showProblems = (errors: FieldErrors) => {
    const byField: Record<string, string> = {};
    for (const [path, message] of Object.entries(errors)) byField[fieldOfIssue(path)] ??= message;
    setFailure(byField[FORM_ERROR] ?? null);
    form.showErrors(byField);
  };

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const api = createTeamsApi({ csrfToken });
    try {
      let slug: string;
      if (mode === "create") {
        const checked = validateForm(TeamCreateSchema, createBody(form.values), t);
        if (!checked.ok) return showProblems(checked.errors);
        slug = (await api.create(checked.data)).slug;
      } else {
        const slugNow = team?.slug ?? "";
        const body = part ? partBody(part, slugNow, form.values) : updateBody(slugNow, form.values);
        const checked = validateForm(TeamUpdateSchema, canEditRootOnly ? body : { ...body, newSlug: undefined }, t);
        if (!checked.ok) return showProblems(checked.errors);
        slug = (await api.update(checked.data)).slug;
      }
      window.location.assign(`/teams/profile/${encodeURIComponent(slug)}?${mode === "create" ? "created" : "updated"}=1`);
    } catch (error) {
      const message = messageFor(error);
      setFailure(message);
      if (isApiError(error) && error.code !== undefined && SLUG_CONFLICTS.has(error.code)) form.showErrors({ slug: message });
    }
  });

  const shows = (wanted: TeamFormPart) => part === undefined || part === wanted;
  // A company admin cannot save the authentication part: it shows read-only, without a button.
  const savable = !(part === "authentication" && !canEditRootOnly);
  return (
    <form className="form team-form" noValidate onSubmit={submit} data-part={part}>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      {shows("details") ? (
        <>
          <IdentitySection form={form} onName={onName} onSlug={onSlug} slugReadOnly={mode === "edit" && !canEditRootOnly} />
          <ContactsSection form={form} />
          <LocationSection form={form} timezones={timezones} />
        </>
      ) : null}
      {shows("authentication") ? (
        <AuthenticationSection form={form} readOnly={mode === "edit" && !canEditRootOnly} titleShown={part === undefined} />
      ) : null}
      {shows("emailTheme") ? <EmailThemeSection form={form} titleShown={part === undefined} /> : null}
      {savable ? (
        <div className="form-actions">
          <SubmitButton busy={form.busy}>{t(mode === "create" ? "teams:form.create" : "teams:form.save")}</SubmitButton>
        </div>
      ) : null}
    </form>
  );
}
