import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { BATCH_ROWS } from "../../server/services/users/import/run";
import { horizontalOverflow, seriousAxeViolations, waitForIslands } from "../support/audit";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, buildPack, buildTeam } from "../support/factories";

/** The wording each language shows for the steps below. */
const WORDS = {
  en: {
    file: "CSV file",
    preview: "Preview of people.csv: 3 rows",
    invalid: "A field is not valid",
    submit: "Import 2 users",
    done: "Import finished: 2 created, 0 changed",
    download: "Download the results (CSV)",
  },
  pt: {
    file: "Ficheiro CSV",
    preview: "Pré-visualização de people.csv: 3 linhas",
    invalid: "Um campo não é válido",
    submit: "Importar 2 utilizadores",
    done: "Importação concluída: 2 criados, 0 alterados",
    download: "Transferir os resultados (CSV)",
  },
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
      for (const v of await seriousAxeViolations(page))
        problems.push(`${state}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(" | ")}`);
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
    expect(users).toEqual([
      { username: `ana-${tag}@web.test`, isEcs: 1 },
      { username: `beto-${tag}`, isEcs: 0 },
    ]);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: w.download }).click()]);
    const text = readFileSync(await download.path(), "utf8");
    expect(text.split("\r\n").slice(0, 4)).toEqual([
      "row,username,team,outcome,code,field",
      `1,ana-${tag}@web.test,${team.slug},created,,`,
      `2,bad name,${team.slug},invalid,invalidField,username`,
      `3,beto-${tag},${team.slug},created,,`,
    ]);
    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("in es: a file headed by the export's column titles previews; a header missing a column names it and the 'Field names' option", async () => {
    const tag = randomBytes(3).toString("hex");
    const team = await buildTeam(db(), { slug: `tit-${tag}`, teamName: `Tit ${tag}` });
    await buildPack(db(), { team, licenseCount: 10 });
    const admin = await buildAdmin(db(), { lang: "es", teams: [team] });
    const { page, consoleErrors } = await suite.open(admin, { expectedFailures: /^\/v2\/users\/import$/ });
    await page.goto("/users/import");
    await waitForIslands(page);
    const choose = (csv: string) =>
      page.getByLabel("Archivo CSV").setInputFiles({ name: "gente.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });

    await choose(`\uFEFFNombre de usuario,Nombre,Apellidos\nana-${tag}@web.test,Ana,Silva\n`);
    const refusal = page.getByRole("alert");
    await expect.poll(() => refusal.textContent()).toContain("Faltan columnas: team");
    expect(await refusal.textContent()).toContain("'Nombres de los campos'");
    expect(await seriousAxeViolations(page)).toEqual([]);

    await choose(
      `\uFEFFNombre de usuario,Nombre,Apellidos,ID de empresa,ECS\nana-${tag}@web.test,Ana,Silva,${team.slug},true\nbeto-${tag},Beto,Reis,${team.slug},false\n`,
    );
    await page.getByRole("heading", { name: "Vista previa de gente.csv: 2 filas" }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it(
    "resumes an import that failed part-way under the same import id, after a reload and the same file chosen again: every row once",
    { timeout: 60_000 },
    async () => {
      const tag = randomBytes(3).toString("hex");
      const team = await buildTeam(db(), { slug: `res-${tag}`, teamName: `Res ${tag}` });
      const total = BATCH_ROWS + 200;
      await buildPack(db(), { team, licenseCount: total });
      const admin = await buildAdmin(db(), { lang: "en", teams: [team] });
      const { page, consoleErrors } = await suite.open(admin, { expectedFailures: /^\/v2\/users\/import/ });
      const csv = [
        "username,firstName,lastName,team",
        ...Array.from({ length: total }, (_, i) => `r${i + 1}-${tag},R,${i + 1},${team.slug}`),
      ].join("\n");
      const choose = () =>
        page.getByLabel("CSV file").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      const users = async () =>
        Number(
          (
            await db()
              .selectFrom("users")
              .select((eb) => eb.fn.countAll<number | string>().as("n"))
              .where("teamId", "=", team.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const imports = () => db().selectFrom("userImports").selectAll().where("adminId", "=", admin.id).execute();

      // The database refuses every write of one row's result in the second batch (a disk gone
      // read-only would, for all of them): the first batch is committed, the second is retried row
      // by row up to that row, then the import stops as failed.
      const failAt = BATCH_ROWS + 150;
      const trigger = `fail_import_page_${tag}`;
      await sql`create trigger ${sql.raw(trigger)} before insert on user_import_rows when new.username = ${sql.lit(`r${failAt}-${tag}`)} begin select raise(abort, 'injected failure'); end`.execute(
        db(),
      );
      try {
        await page.goto("/users/import");
        await waitForIslands(page);
        await choose();
        await page.getByRole("heading", { name: `Preview of people.csv: ${total} rows` }).waitFor();
        await page.getByRole("button", { name: `Import ${total} users` }).click();
        await page.getByRole("alert").waitFor();
        const stopped = `An earlier import of this file stopped after ${failAt - 1} of ${total} rows.`;
        await page.getByText(stopped).waitFor();
      } finally {
        await sql`drop trigger ${sql.raw(trigger)}`.execute(db());
      }
      const [failed] = await imports();
      expect(failed).toMatchObject({ status: "failed", processedRows: failAt - 1, createdCount: failAt - 1 });
      expect(await users()).toBe(failAt - 1);

      // A reload forgets the page's state; the same file chosen again is recognized and resumed.
      await page.reload();
      await waitForIslands(page);
      await choose();
      await page.getByText(`An earlier import of this file stopped after ${failAt - 1} of ${total} rows.`).waitFor();
      expect((await seriousAxeViolations(page)).map((v) => v.id)).toEqual([]);
      // As a server killed while resuming it would leave it: running, its lease holding a few seconds more.
      await db()
        .updateTable("userImports")
        .set({ status: "running", leaseUntil: Date.now() + 4_000 })
        .where("id", "=", failed!.id)
        .execute();
      await page.getByRole("button", { name: "Resume the import" }).click();
      // Refused while the lease holds: the page waits, showing where the import stands, and tries again.
      await page.locator("p.muted", { hasText: "has not stopped yet" }).waitFor();
      expect(await page.locator("progress").getAttribute("value")).toBe(String(failAt - 1));
      await page
        .getByText(`${failAt - 1} of ${total} rows processed`)
        .first()
        .waitFor();
      await page.getByRole("heading", { name: `Import finished: ${total} created, 0 changed` }).waitFor({ timeout: 30_000 });

      expect(await imports()).toEqual([
        expect.objectContaining({ uid: failed!.uid, status: "done", processedRows: total, createdCount: total, failedCount: 0 }),
      ]);
      expect(await users()).toBe(total);
      const distinct = await db()
        .selectFrom("users")
        .select((eb) => eb.fn.count<number | string>("username").distinct().as("n"))
        .where("teamId", "=", team.id)
        .executeTakeFirstOrThrow();
      expect(Number(distinct.n)).toBe(total);
      const rows = await db()
        .selectFrom("userImportRows")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("importId", "=", failed!.id)
        .where("outcome", "=", "created")
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(total);
      // Finished: the page forgot the id, so the same file again is a new import (its rows unchanged).
      expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("bulwark.usersImport.")))).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
  );

  it("all or nothing refused by the database, no row to blame: the page says nothing was imported and why, and blames no row", async () => {
    const tag = randomBytes(3).toString("hex");
    const team = await buildTeam(db(), { slug: `aon-${tag}`, teamName: `Aon ${tag}` });
    await buildPack(db(), { team, licenseCount: 10 });
    const admin = await buildAdmin(db(), { lang: "en", teams: [team] });
    const { page, consoleErrors } = await suite.open(admin);
    // The database refuses the users insert as a whole (a trigger standing in for a constraint only the write meets).
    const trigger = `fail_import_aon_${tag}`;
    await sql`create trigger ${sql.raw(trigger)} before insert on users when new.username = ${sql.lit(`b-${tag}`)} begin select raise(abort, 'injected failure'); end`.execute(
      db(),
    );
    try {
      await page.goto("/users/import");
      await waitForIslands(page);
      const csv = `username,firstName,lastName,team\na-${tag},A,One,${team.slug}\nb-${tag},B,Two,${team.slug}\n`;
      await page.getByLabel("CSV file").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("heading", { name: "Preview of people.csv: 2 rows" }).waitFor();
      await page.getByLabel("All or nothing: import nothing if any row cannot be imported").check();
      await page.getByRole("button", { name: "Import 2 users" }).click();
      await page.getByRole("heading", { name: "Nothing was imported (all or nothing)" }).waitFor();
    } finally {
      await sql`drop trigger ${sql.raw(trigger)}`.execute(db());
    }
    await page.getByRole("alert").filter({ hasText: "Reason: Could not be saved" }).waitFor();
    expect(await page.locator(".summary-row", { hasText: "Failed" }).locator("dd").textContent()).toBe("0");
    expect(await page.locator(".summary-row", { hasText: "Not imported (all or nothing)" }).locator("dd").textContent()).toBe("2");
    expect(await page.getByText("First rows with problems").count()).toBe(0);
    expect((await seriousAxeViolations(page)).map((v) => v.id)).toEqual([]);
    expect(await db().selectFrom("users").select("id").where("teamId", "=", team.id).execute()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("keeps the import's outcome announced when a progress answer arrives after it", async () => {
    const w = WORDS.en;
    const tag = randomBytes(3).toString("hex");
    const team = await buildTeam(db(), { slug: `late-${tag}`, teamName: `Late ${tag}` });
    await buildPack(db(), { team, licenseCount: 10 });
    const admin = await buildAdmin(db(), { lang: "en", teams: [team] });
    const { page, consoleErrors } = await suite.open(admin);
    // The import's answer waits until a progress poll was sent; that poll's answer waits until after the outcome is shown.
    let polled: () => void = () => undefined;
    const pollSent = new Promise<void>((resolve) => (polled = resolve));
    let releasePoll: () => void = () => undefined;
    const pollHeld = new Promise<void>((resolve) => (releasePoll = resolve));
    await page.route(/\/v2\/users\/import\/[0-9a-f-]+$/, async (route) => {
      polled();
      await pollHeld;
      await route.continue();
    });
    await page.route(/\/v2\/users\/import\?mode=apply/, async (route) => {
      await pollSent;
      await route.continue();
    });
    await page.goto("/users/import");
    await waitForIslands(page);
    const csv = `username,firstName,lastName,team,ecs\nana-${tag}@web.test,Ana,Silva,${team.slug},yes\nbad name,Bad,Row,${team.slug},\nbeto-${tag},Beto,Reis,${team.slug},\n`;
    await page.getByLabel(w.file).setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("heading", { name: w.preview }).waitFor();
    await page.getByRole("button", { name: w.submit }).click();
    await page.getByRole("heading", { name: w.done }).waitFor();
    const lateAnswer = page.waitForResponse(/\/v2\/users\/import\/[0-9a-f-]+$/);
    releasePoll();
    await lateAnswer;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    expect(await page.getByRole("status").filter({ hasText: w.done }).count()).toBeGreaterThan(0);
    expect(await page.getByRole("status").filter({ hasText: "rows processed" }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
