import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildAdmin, buildTeam, givePassword, GOOD_PASSWORD } from "../support/factories";
import { useBrowserSuite } from "../support/browser-suite";

/** The wording each language shows for the steps below. */
const WORDS = {
  en: {
    add: "Add domain",
    addTo: "Add a domain to",
    password: "Your password",
    confirm: "Confirm",
    bad: "Bad password. The domains were not changed",
    added: "Domains updated",
    create: "Create association",
    name: "Name",
    teams: "Companies",
    save: "Save",
    edit: "Edit",
    status: "Status",
    closed: "Closed",
    created: "Association created",
    updated: "Association updated",
  },
  es: {
    add: "Añadir dominio",
    addTo: "Añadir un dominio a",
    password: "Su contraseña",
    confirm: "Confirmar",
    bad: "Contraseña incorrecta. Los dominios no se han cambiado",
    added: "Dominios actualizados",
    create: "Crear asociación",
    name: "Nombre",
    teams: "Empresas",
    save: "Guardar",
    edit: "Editar",
    status: "Estado",
    closed: "Cerrada",
    created: "Asociación creada",
    updated: "Asociación actualizada",
  },
} as const;

describe("domains and associations in Chromium", () => {
  const suite = useBrowserSuite();
  const db = () => suite.server().database.db;

  it.each(["en", "es"] as const)(
    "in %s: adds a domain after a wrong then the right password, creates an association of three companies and closes it",
    async (lang) => {
      const w = WORDS[lang];
      const id = randomBytes(3).toString("hex");
      const teams = [];
      for (const name of ["Ara", "Bel", "Cor"])
        teams.push(await buildTeam(db(), { teamName: `${name} ${id}`, slug: `${name.toLowerCase()}-${id}` }));
      const root = await buildAdmin(db(), { role: "root", lang });
      await givePassword(db(), suite.server().config, root);
      const fresh = await db().selectFrom("admins").selectAll().where("id", "=", root.id).executeTakeFirstOrThrow();
      // The wrong password is an expected 400 of the domains call in the console.
      const { page, consoleErrors } = await suite.open(fresh, { expectedFailures: /^\/v2\/team\/domains$/ });

      await page.goto(`/domains?search=${id}`);
      await page.waitForSelector('bulwark-island[name="DomainsEditor"][hydrated]');
      const row = page.locator(`tr[data-slug="ara-${id}"]`);
      await row.getByLabel(`${w.addTo} Ara ${id}`).fill(`Ara-${id}.Example`);
      await row.getByRole("button", { name: w.add }).click();
      const dialog = row.locator("dialog[open]");
      await dialog.getByLabel(w.password).fill("Wr0ng!Pass");
      await dialog.getByRole("button", { name: w.confirm }).click();
      await dialog.getByText(w.bad).waitFor();
      await dialog.getByLabel(w.password).fill(GOOD_PASSWORD);
      await dialog.getByRole("button", { name: w.confirm }).click();
      // The page's one status region carries the message (no message per row to pile up).
      await expect.poll(() => page.locator("#page-status").textContent()).toBe(w.added);
      expect(await row.locator("code").allTextContents()).toEqual([`ara-${id}.example`]);
      const stored = await db().selectFrom("teamDomains").select("domain").where("teamId", "=", teams[0]!.id).execute();
      expect(stored.map((r) => r.domain)).toEqual([`ara-${id}.example`]);

      await page.goto(`/associations?search=${id}`);
      await page.waitForSelector('bulwark-island[name="AssociationsManager"][hydrated]');
      await page.getByRole("button", { name: w.create }).click();
      const form = page.locator("dialog[open]");
      await form.getByLabel(w.name, { exact: true }).fill(`Trio ${id}`);
      await form.getByLabel(w.teams, { exact: true }).selectOption(teams.map((t) => t.slug));
      await form.getByRole("button", { name: w.save }).click();
      await page.waitForURL(/done=created/);
      await page.getByText(w.created).waitFor();
      await page.goto(`/associations?search=${id}`);
      await page.waitForSelector('bulwark-island[name="AssociationsManager"][hydrated]');
      const line = page.locator("table.associations-table tbody tr");
      expect(await line.count()).toBe(1);
      await line
        .first()
        .getByRole("button", { name: new RegExp(`^${w.edit}`) })
        .click();
      await page.locator("dialog[open]").getByLabel(w.status).selectOption("closed");
      await page.locator("dialog[open]").getByRole("button", { name: w.save }).click();
      await page.waitForURL(/done=updated/);
      await page.getByText(w.updated).waitFor();
      expect(await page.locator("table.associations-table tbody tr").first().getByText(w.closed).isVisible()).toBe(true);
      const association = await db()
        .selectFrom("associations")
        .select(["id", "status"])
        .where("name", "=", `Trio ${id}`)
        .executeTakeFirstOrThrow();
      expect(association.status).toBe("closed");
      expect(await db().selectFrom("associationTeams").select("teamId").where("associationId", "=", association.id).execute()).toHaveLength(
        3,
      );
      expect(consoleErrors).toEqual([]);
    },
  );
});
