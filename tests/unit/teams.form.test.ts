import { describe, expect, it } from "vitest";
import { createBody, fieldOfIssue, initialTeamValues, updateBody } from "../../client/components/teams/teamFormModel";
import { TeamCreateSchema, TeamUpdateSchema } from "../../shared/schemas/team";

describe("team form model", () => {
  it("turns an empty create form plus a name into a valid minimal body", () => {
    const values = { ...initialTeamValues(null), teamName: "Acme" };
    const body = createBody(values);
    expect(TeamCreateSchema.parse(body)).toEqual({
      teamName: "Acme",
      language: "en",
      contactEmail: {},
      authentication: { azureAdSync: false, certRevocation: "ocsp" },
    });
  });

  it("round-trips a team into edit values and back, clearing emptied fields and renaming the slug", () => {
    const team = {
      slug: "acme",
      teamName: "Acme",
      institution: "Uni",
      notes: null,
      city: "Porto",
      country: "PT",
      language: "pt",
      timezone: "Europe/Lisbon",
      contactEmail: { finance: "f@acme.test", operations: null, support: null },
      emailTheme: { name: "corp", primaryColor: "#0a66c2" },
      authentication: {
        oauthClientId: "c",
        authority: null,
        discovery: null,
        version: null,
        tenantId: "72f988bf-86f1-41af-91ab-2d7cd011db47",
        azureAdSync: true,
        certRevocation: "ocsp_crl" as const,
      },
    };
    const values = initialTeamValues(team);
    expect(TeamUpdateSchema.parse(updateBody("acme", values))).toMatchObject({
      slug: "acme",
      newSlug: undefined,
      country: "PT",
      emailTheme: { name: "corp", primaryColor: "#0a66c2" },
    });
    const edited = {
      ...values,
      slug: "acme-2",
      country: "",
      timezone: "",
      city: "",
      "emailTheme.enabled": "false",
      "contactEmail.finance": "",
    };
    expect(TeamUpdateSchema.parse(updateBody("acme", edited))).toMatchObject({
      slug: "acme",
      newSlug: "acme-2",
      country: null,
      timezone: null,
      city: "",
      emailTheme: null,
      contactEmail: {},
      authentication: {
        oauthClientId: "c",
        tenantId: "72f988bf-86f1-41af-91ab-2d7cd011db47",
        azureAdSync: true,
        certRevocation: "ocsp_crl",
      },
    });
  });

  it("reports issues on the form's field names", () => {
    const result = TeamUpdateSchema.safeParse(
      updateBody("acme", { ...initialTeamValues(null), teamName: "A", slug: "Bad Slug", "contactEmail.support": "nope" }),
    );
    const fields = (result.error?.issues ?? []).map((issue) => fieldOfIssue(issue.path.join(".")));
    expect(fields.sort()).toEqual(["contactEmail.support", "slug"]);
  });
});
