import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { horizontalOverflow, seriousAxeViolations, waitForIslands } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, buildPack, buildTeam } from "../support/factories";

/** The wording each language shows for the steps below. */
const WORDS = {
  en: { file: "CSV file", preview: "Preview of people.csv: 3 rows", invalid: "A field is not valid", submit: "Import 2 users", done: "Import finished: 2 created, 0 changed", download: "Download the results (CSV)" },
  pt: { file: "Ficheiro CSV", preview: "Pré-visualização de people.csv: 3 linhas", invalid: "Um campo não é válido", submit: "Importar 2 utilizadores", done: "Importação concluída: 2 criados, 0 alterados", download: "Transferir os resultados (CSV)" },
} as const;

describe("the users import page in Chromium", () => {
  const suite = useBrowserSuite();
  const db = () => suite.server().database.db;

  it.each([
    ["en", 1400],
    ["pt", 390],
    ["pt", 1400],
    ["en", 390],
  ] as const)("in %s at %i px: choose a file, preview, import from the keyboard, download the per-row results", async (lang, width) => {
    const w = WORDS[lang];
    const tag = randomBytes(3).toString("hex");
    const team = await buildTeam(db(), { slug: `web-${tag}`, teamName: `Web ${tag}` });
    await buildPack(db(), { team, licenseCount: 10 });
    const admin = await buildAdmin(db(), { lang, teams: [team] });
    const { page, consoleErrors } = await suite.open(admin, { viewport: { width, height: 900 } });
    const problems: string[] = [];
    const audit = async (state: string) => {
      for (const v of await seriousAxeViolations(page)) problems.push(`${state}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(" | ")}`);
      const { excess, culprits } = await horizontalOverflow(page);
      if (excess > 0) problems.push(`${state}: ${excess} px of horizontal scroll (${culprits.join(", ")})`);
    };

    await page.goto("/users/import");
    await waitForIslands(page);
    await audit("start");
    const csv = `username,firstName,lastName,team,ecs\nana-${tag}@web.test,Ana,Silva,${team.slug},yes\nbad name,Bad,Row,${team.slug},\nbeto-${tag},Beto,Reis,${team.slug},\n`;
    await page.getByLabel(w.file).setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    const preview = page.getByRole("heading", { name: w.preview });
    await preview.waitFor();
    // The new step takes the focus, and the live region says what happened.
    expect(await preview.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText(w.invalid).waitFor();
    await audit("preview");
    expect(await db().selectFrom("users").select("id").where("teamId", "=", team.id).execute()).toEqual([]);

    await page.getByRole("button", { name: w.submit }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: w.done }).waitFor();
    expect(await page.getByRole("status").filter({ hasText: w.done }).count()).toBeGreaterThan(0);
    await audit("done");
    const users = await db().selectFrom("users").select(["username", "isEcs"]).where("teamId", "=", team.id).orderBy("username").execute();
    expect(users).toEqual([{ username: `ana-${tag}@web.test`, isEcs: 1 }, { username: `beto-${tag}`, isEcs: 0 }]);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: w.download }).click()]);
    const text = readFileSync((await download.path())!, "utf8");
    expect(text.split("\r\n").slice(0, 4)).toEqual(["row,username,team,outcome,code,field", `1,ana-${tag}@web.test,${team.slug},created,,`, `2,bad name,${team.slug},invalid,invalidField,username`, `3,beto-${tag},${team.slug},created,,`]);
    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
