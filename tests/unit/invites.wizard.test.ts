/**
 * Units: the invitation wizard's address parsing (typed, pasted, CSV), the review's
 * counts and seats, the state machine's steps, and the codes CSV.
 */
import { describe, expect, it } from "vitest";
import { parseCsv, sortAddresses, splitAddresses } from "../../client/components/invites/addresses";
import { codesCsv, csvCell } from "../../client/components/invites/csv";
import {
  canSend,
  detailsProblems,
  initialWizard,
  reviewOf,
  wizardReducer,
  type WizardState,
} from "../../client/components/invites/wizardState";
import { createElement } from "react";
import { DetailsStep, type DetailsStepProps } from "../../client/components/invites/DetailsStep";
import type { InviteCompany } from "../../client/components/invites/types";
import { formatNumber } from "../../client/lib/datetime";
import { teamSeats } from "../../shared/domain/licenses";
import { renderAsServer, translate } from "../support/render";

describe("entered addresses", () => {
  it("splits typed or pasted text on lines, commas and semicolons and drops blanks", () => {
    expect(splitAddresses(" ana@acme.test,\r\nrui@acme.test ;; \n\n eva@acme.test , ")).toEqual([
      "ana@acme.test",
      "rui@acme.test",
      "eva@acme.test",
    ]);
    expect(splitAddresses("  \n , ")).toEqual([]);
  });

  it("reads a CSV by its address column, with quotes, a BOM and semicolons", () => {
    expect(parseCsv('\uFEFFname,Email,team\n"Silva, Ana",ana@acme.test,acme\r\nRui,"rui@acme.test",acme\n\n')).toEqual({
      ok: true,
      addresses: ["ana@acme.test", "rui@acme.test"],
    });
    expect(parseCsv("handle;name\nops.1;Ops\nops.2;Ops\n")).toEqual({ ok: true, addresses: ["ops.1", "ops.2"] });
    expect(parseCsv('name,address\n"He said ""hi""\nagain",eva@acme.test\n')).toEqual({ ok: true, addresses: ["eva@acme.test"] });
  });

  it("reads a one-column file without a header as one address per line, and refuses what it cannot read", () => {
    expect(parseCsv("ana@acme.test\nrui@acme.test\n")).toEqual({ ok: true, addresses: ["ana@acme.test", "rui@acme.test"] });
    expect(parseCsv("\n \n")).toEqual({ ok: false, reason: "empty" });
    expect(parseCsv("name,phone\nAna,123\n")).toEqual({ ok: false, reason: "noAddressColumn" });
  });

  it("sorts addresses into valid, duplicates (ignoring case), invalid and outside the white-list", () => {
    const sorted = sortAddresses(
      ["ana@acme.test", "ANA@acme.test", "not-an-address", "rui@other.test", "eva@acme.test", "bad@", "ana@acme.test"],
      "email",
      ["acme.test"],
    );
    expect(sorted).toEqual({
      valid: ["ana@acme.test", "eva@acme.test"],
      duplicates: ["ANA@acme.test", "ana@acme.test"],
      invalid: ["not-an-address", "bad@"],
      outsideDomains: ["rui@other.test"],
    });
    // Without a white-list every well-formed address counts; handles follow the username rule.
    expect(sortAddresses(["rui@other.test"], "email", []).valid).toEqual(["rui@other.test"]);
    expect(sortAddresses(["ops.1", "ops 2", "ops.1", "x@acme.test"], "handle", ["other.test"])).toEqual({
      valid: ["ops.1", "x@acme.test"],
      duplicates: ["ops.1"],
      invalid: ["ops 2"],
      outsideDomains: [],
    });
  });
});

describe("the wizard's state machine", () => {
  const filled = (): WizardState => {
    let state = initialWizard("pt");
    state = wizardReducer(state, { kind: "chooseType", type: "handle" });
    state = wizardReducer(state, { kind: "goTo", step: "details" });
    return wizardReducer(state, {
      kind: "edit",
      patch: { team: "acme", text: "ops.1\nops.2", matchUser: true, file: { name: "more.csv", addresses: ["ops.3"] } },
    });
  };

  it("keeps every input across back and forward", () => {
    let state = filled();
    state = wizardReducer(state, { kind: "goTo", step: "review" });
    state = wizardReducer(state, { kind: "goTo", step: "type" });
    state = wizardReducer(state, { kind: "goTo", step: "details" });
    expect(state.type).toBe("handle");
    expect(state.details).toEqual({
      team: "acme",
      text: "ops.1\nops.2",
      file: { name: "more.csv", addresses: ["ops.3"] },
      lang: "pt",
      langChosen: false,
      matchUser: true,
      directSignIn: false,
    });
  });

  it("shows the complete step only after sending, and nothing else then; send another keeps the options", () => {
    let state = filled();
    expect(wizardReducer(state, { kind: "goTo", step: "complete" }).step).toBe("details");
    state = wizardReducer(state, { kind: "sent", result: { ok: [{ address: "ops.1", id: "i1", code: "C1" }], failed: [] } });
    expect(state.step).toBe("complete");
    expect(wizardReducer(state, { kind: "goTo", step: "review" }).step).toBe("complete");
    expect(wizardReducer(state, { kind: "edit", patch: { text: "x" } }).details.text).toBe("ops.1\nops.2");
    const another = wizardReducer(state, { kind: "sendAnother" });
    expect(another).toMatchObject({
      step: "details",
      type: "handle",
      result: null,
      details: { team: "acme", text: "", file: null, lang: "pt", matchUser: true },
    });
    expect(wizardReducer(state, { kind: "startOver", lang: "es" })).toEqual(initialWizard("es"));
  });

  it("asks for a company with available licenses and at least one address", () => {
    const seats = new Map([
      ["acme", teamSeats(10, 4, 1)],
      ["full", teamSeats(2, 2, 0)],
    ]);
    const state = filled();
    expect(detailsProblems(state.details, seats)).toEqual({});
    expect(detailsProblems({ ...state.details, team: "full" }, seats)).toEqual({ team: "chooseCompanyWithLicenses" });
    expect(detailsProblems({ ...state.details, team: "", text: "", file: null }, seats)).toEqual({
      team: "chooseCompanyWithLicenses",
      addresses: "required",
    });
  });

  it("reviews counts and seats, and blocks a send over the available licenses", () => {
    let state = wizardReducer(initialWizard("en", "acme"), {
      kind: "edit",
      patch: { text: "a@acme.test\nb@acme.test, a@acme.test\nnope\nc@acme.test\nd@else.test" },
    });
    const review = reviewOf(state, ["acme.test"], 3, [
      { address: "B@ACME.TEST", code: "inviteCreate409" },
      { address: "c@acme.test", code: "inviteCreate422" },
    ]);
    expect(review).toMatchObject({
      toSend: ["a@acme.test"],
      onboarded: ["b@acme.test"],
      refused: [{ address: "c@acme.test", code: "inviteCreate422" }],
      duplicates: ["a@acme.test"],
      invalid: ["nope"],
      outsideDomains: ["d@else.test"],
      seatsBefore: 3,
      seatsAfter: 2,
      over: false,
    });
    expect(canSend(review)).toBe(true);
    const over = reviewOf(state, ["acme.test"], 1);
    expect(over).toMatchObject({ seatsBefore: 1, seatsAfter: -2, over: true });
    expect(canSend(over)).toBe(false);
    state = wizardReducer(state, { kind: "edit", patch: { text: "nope" } });
    expect(canSend(reviewOf(state, [], 5))).toBe(false);
  });
});

describe("the invitation language", () => {
  it("starts in the starting company's language, and follows the company chosen until the admin picks one", () => {
    expect(initialWizard("en", "acme", "pt").details.lang).toBe("pt");
    expect(initialWizard("es", "acme", "xx").details.lang).toBe("es");
    let state = initialWizard("en");
    state = wizardReducer(state, { kind: "chooseTeam", team: "acme", lang: "es" });
    expect([state.details.team, state.details.lang]).toEqual(["acme", "es"]);
    state = wizardReducer(state, { kind: "chooseTeam", team: "globex", lang: "pt" });
    expect([state.details.team, state.details.lang]).toEqual(["globex", "pt"]);
    state = wizardReducer(state, { kind: "edit", patch: { lang: "en", langChosen: true } });
    state = wizardReducer(state, { kind: "chooseTeam", team: "acme", lang: "es" });
    expect([state.details.team, state.details.lang]).toEqual(["acme", "en"]);
  });
});

describe("the codes CSV", () => {
  it("lists each handle with its code, quoting and neutralising formulas", () => {
    const csv = codesCsv({
      ok: [
        { address: "ops.1", id: "1", code: "AB12" },
        { address: "-ops", id: "2", code: "CD34" },
        { address: "x@y.test", id: "3" },
      ],
      failed: [{ address: "z", code: "inviteCreate409" }],
    });
    expect(csv).toBe("handle,code\r\nops.1,AB12\r\n'-ops,CD34\r\n");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell("=SUM(A1)")).toBe("'=SUM(A1)");
  });
});

describe("one call's limit", () => {
  it("blocks a send of more addresses than one call takes", () => {
    const many = Array.from({ length: 10_001 }, (_, i) => `u${i}@big.test`).join("\n");
    const review = reviewOf(wizardReducer(initialWizard("en", "acme"), { kind: "edit", patch: { text: many } }), [], 20_000);
    expect(review).toMatchObject({ tooMany: true, over: false });
    expect(canSend(review)).toBe(false);
  });
});

describe("the details step's company", () => {
  const ACME: InviteCompany = { slug: "acme", teamName: "Acme & Co", available: 1234, domains: ["acme.test"] };
  const GLOBEX: InviteCompany = { slug: "globex", teamName: "Globex", available: 2, domains: [] };
  const details = (team: string) => ({ ...initialWizard("en", team).details });
  const step = (props: Partial<DetailsStepProps>, lang = "en") =>
    renderAsServer(
      createElement(DetailsStep, {
        type: "email",
        details: details(""),
        companies: [ACME, GLOBEX],
        chosen: null,
        onChoose: () => {},
        csrfToken: "c",
        problems: null,
        onChange: () => {},
        ...props,
      }),
      lang,
    ).html;

  it("is a plain select of the companies the page carries, with their available licenses", () => {
    const html = step({});
    expect(html).toContain("Acme &amp; Co (1,234 available)");
    expect(html).toContain("Globex (2 available)");
    expect(html).not.toContain('type="search"');
  });

  it.each(["en", "pt", "es"])(
    "is a search over the companies with licenses when the page carries none (%s), showing the one chosen",
    (lang) => {
      const html = step({ companies: null, chosen: ACME, details: details("acme") }, lang);
      const t = translate(lang);
      expect(html).toContain('type="search"');
      expect(html).toContain(t("invites:details.companySearch"));
      expect(html).toContain(t("invites:details.companySearchHint"));
      expect(html).toContain(
        `>${t("invites:details.companyOption", { team: "Acme &amp; Co", available: formatNumber(1234, lang) })}</option>`,
      );
      expect(html).not.toContain("Globex");
      // Nothing chosen yet: only the placeholder until the search answers.
      const empty = step({ companies: null }, lang);
      expect(empty).toContain(t("invites:details.companyPlaceholder"));
      expect(empty).not.toContain("Acme");
    },
  );
});
