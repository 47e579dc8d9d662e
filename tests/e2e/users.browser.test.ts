import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { useBrowserSuite } from "../support/browser-suite";
import { buildAdmin, buildDevice, buildPack, buildTeam, buildUser, signIn } from "../support/factories";
import type { WatchedPage } from "../support/page";

/** The status of the i-th seeded user of a team: every 10th blocked, every 7th pending. */
const statusOf = (i: number) => (i % 10 === 9 ? "blocked" : i % 7 === 6 ? "pending" : "active");
const FIRST_NAMES = ["Alice", "Bruno", "Carla", "Diego", "Elena", "Filipe", "Gabriela", "Hugo", "Irene", "Joana", "Kiko", "Luisa"];
const PER_TEAM = 60;

describe("users console in Chromium", () => {
  const suite = useBrowserSuite();
  let aurora: Row<"teams">;
  let boreal: Row<"teams">;
  let root: Row<"admins">;
  let teamAdmin: Row<"admins">;
  let wanda: Row<"users">;
  let borealUser: Row<"users">;
  let serviceToken: string;
  let reportedDevice: string;

  beforeAll(async () => {
    const server = suite.server();
    const db = server.database.db;
    aurora = await buildTeam(db, { slug: "aurora", teamName: "Aurora Labs" });
    // Creating a user takes a seat.
    await buildPack(db, { team: aurora, licenseCount: 1000 });
    boreal = await buildTeam(db, { slug: "boreal", teamName: "Boreal Systems" });
    const start = Date.UTC(2025, 0, 1);
    for (const [t, team] of [aurora, boreal].entries()) {
      for (let i = 0; i < PER_TEAM; i++) {
        const user = await buildUser(db, {
          team,
          username: `${team.slug}.user${String(i).padStart(2, "0")}@example.test`,
          firstName: FIRST_NAMES[i % FIRST_NAMES.length],
          lastName: `${team.slug === "aurora" ? "Amaral" : "Barros"} ${String(i).padStart(2, "0")}`,
          status: statusOf(i),
          createdAt: start + (t * PER_TEAM + i) * 3_600_000,
          lastSeenAt: i % 3 === 0 ? null : start + i * 86_400_000,
        });
        if (i % 4 === 0) await buildDevice(db, user, { platform: ([1, 2, 12, 13] as const)[(i / 4) % 4] });
        if (team === boreal && i === 0) borealUser = user;
      }
    }
    await buildUser(db, { team: aurora, username: "zelda@aurora.test", firstName: "Zelda", lastName: "Quarantine", aliases: ["zq-alias"] });
    wanda = await buildUser(db, { team: aurora, username: "wanda@aurora.test", firstName: "Wanda", lastName: "Wiper" });

    root = await buildAdmin(db, { role: "root", username: "root@bulwark.test", firstName: "Rita", lastName: "Root" });
    teamAdmin = await buildAdmin(db, { username: "aurora-admin@bulwark.test", teams: [aurora] });
    const rootSession = await signIn(db, server.config, root);

    // The communications service reports Wanda's phone through the service API.
    const created = await server
      .request()
      .post("/v2/service-tokens")
      .set("Cookie", rootSession.header)
      .set("X-CSRF-Token", rootSession.csrfToken)
      .send({ name: "e2e communications service" })
      .expect(200);
    serviceToken = (created.body as { token: string }).token;
    const report = await server
      .request()
      .post("/v2/service/devices")
      .set("Authorization", `Bearer ${serviceToken}`)
      .send({
        user: wanda.uid,
        device: { token: "apns-wanda-0001", platform: 2, appVersion: "5.0.1", deviceName: "Wanda iPhone", osVersion: "17.5" },
        location: { city: "Porto", country: "PT", geocountry: "Portugal", ip: "192.0.2.10" },
      })
      .expect(200);
    reportedDevice = (report.body as { device: string }).device;
  });

  /** A page signed in as `admin` at `path`, once the users table (if any) has hydrated. */
  async function open(
    admin: Row<"admins">,
    path: string,
    options: { viewport?: { width: number; height: number }; expectedFailures?: RegExp } = {},
  ): Promise<WatchedPage> {
    const watched = await suite.open(admin, options);
    await watched.page.goto(path);
    if (path.startsWith("/users/manage")) await watched.page.waitForSelector('bulwark-island[name="UsersTable"][hydrated]');
    return watched;
  }

  const rows = (page: Page) => page.locator(".users-table tbody tr");
  const statusText = (page: Page) => page.locator(".users-status").textContent();
  const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
  /** Waits until the list shows `text` in its status line (the range) and no request runs. */
  async function settled(page: Page, text: string): Promise<void> {
    await expect.poll(() => statusText(page), { timeout: 10_000 }).toBe(text);
    await page.locator('.users-results[aria-busy="false"]').waitFor();
  }

  it("searches by name and alias, keeping the search in the address bar", async () => {
    const { page, consoleErrors } = await open(root, "/users/manage");
    expect(await statusText(page)).toBe("1–50 of 122");
    expect(await rows(page).count()).toBe(50);
    expect(await page.locator('th[aria-sort="ascending"]').textContent()).toContain("Name");

    await page.getByRole("searchbox", { name: "Search" }).fill("zeld");
    await settled(page, "1–1 of 1");
    expect(await rows(page).first().locator("th").textContent()).toContain("Zelda Quarantine");
    expect(query(page)).toEqual({ search: "zeld" });

    await page.getByRole("searchbox", { name: "Search" }).fill("zq-alias");
    await settled(page, "1–1 of 1");
    expect(await rows(page).first().textContent()).toContain("zelda@aurora.test");

    await page.getByRole("searchbox", { name: "Search" }).fill("nobody-has-this-name");
    await expect.poll(() => page.locator(".empty-state").textContent()).toContain("No users match this search.");
    await page.getByRole("searchbox", { name: "Search" }).fill("");
    await settled(page, "1–50 of 122");
    expect(new URL(page.url()).search).toBe("");
    expect(consoleErrors).toEqual([]);
  });

  it("filters by status and team, sorts by a column, and renders the same view on reload", async () => {
    const { page, consoleErrors } = await open(root, "/users/manage");
    const blockedPerTeam = Array.from({ length: PER_TEAM }, (_, i) => statusOf(i)).filter((s) => s === "blocked").length;
    await page.getByLabel("Status", { exact: true }).selectOption("blocked");
    await settled(page, `1–${blockedPerTeam * 2} of ${blockedPerTeam * 2}`);
    for (const text of await page.locator(".users-table tbody td .badge").allTextContents()) expect(text).toBe("Blocked");

    await page.getByLabel("Company", { exact: true }).selectOption("boreal");
    await settled(page, `1–${blockedPerTeam} of ${blockedPerTeam}`);
    expect(query(page)).toEqual({ status: "blocked", team: "boreal" });

    await page.getByRole("button", { name: "Username" }).click();
    await expect.poll(() => query(page).sort).toBe("username");
    await page.getByRole("button", { name: "Username" }).click();
    await expect.poll(() => query(page).order).toBe("desc");
    await page.locator('.users-results[aria-busy="false"]').waitFor();
    const usernames = await page.locator(".users-table tbody .col-username").allTextContents();
    expect(usernames).toEqual([...usernames].sort().reverse());
    expect(usernames.every((name) => name.startsWith("boreal."))).toBe(true);

    await page.reload();
    await page.waitForSelector('bulwark-island[name="UsersTable"][hydrated]');
    expect(await page.getByLabel("Status", { exact: true }).inputValue()).toBe("blocked");
    expect(await page.getByLabel("Company", { exact: true }).inputValue()).toBe("boreal");
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain("Username");
    expect(await page.locator(".users-table tbody .col-username").allTextContents()).toEqual(usernames);
    expect(consoleErrors).toEqual([]);
  });

  it("keeps a selection to the shown page (another page clears it) and blocks after a confirmation that states the count and names the users", async () => {
    const { page, consoleErrors } = await open(root, "/users/manage");
    const bar = page.getByRole("group", { name: "Actions on the selected users" });
    // Nothing selected: the actions are disabled, and the hint beside them is their reason.
    const blockButton = bar.getByRole("button", { name: "Block", exact: true });
    expect(await blockButton.isDisabled()).toBe(true);
    const reason = await blockButton.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${reason}"]`).textContent()).toBe("Select users to block, activate, move or delete them together.");

    /** Checks the first `n` rows of the shown page whose status is Active; returns their uids. */
    const selectActive = async (n: number) => {
      const active = rows(page).filter({ has: page.locator(".badge-active") });
      const uids: string[] = [];
      for (let index = 0; index < n; index++) {
        const row = active.nth(index);
        uids.push((await row.getAttribute("data-uid"))!);
        await row.getByRole("checkbox").check();
      }
      return uids;
    };
    const firstPage = await selectActive(2);
    await expect.poll(() => bar.locator(".selection-count").textContent()).toBe("2 users selected");
    expect(await page.getByText("No user selected").count()).toBe(0);
    await page.getByRole("navigation", { name: "Pages of users" }).getByRole("button", { name: "Next" }).click();
    await settled(page, "51–100 of 122");
    expect(query(page).cursor).toBeTruthy();
    // The selection belongs to what the admin sees: another page clears it, and the bar says so.
    await expect.poll(() => bar.locator(".selection-count").textContent()).toContain("Selection cleared: the list changed.");
    expect(await page.locator(".users-table tbody input[type=checkbox]:checked").count()).toBe(0);
    const secondPage = await selectActive(3);
    await expect.poll(() => bar.locator(".selection-count").textContent()).toBe("3 users selected");
    const names = await Promise.all(
      secondPage.map(async (uid) => {
        const row = page.locator(`tr[data-uid="${uid}"]`);
        return `${(await row.locator("th a").textContent())!.trim()} (${(await row.locator(".col-username").textContent())!.trim()})`;
      }),
    );

    await bar.getByRole("button", { name: "Block", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Block users" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Block 3 users? They can no longer sign in and their devices stop being served.");
    expect(await dialog.locator(".bulk-names li").allTextContents()).toEqual(names);
    await dialog.getByRole("button", { name: "Block" }).click();
    await page.getByText("3 users blocked.").waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => bar.locator(".selection-count").textContent())
      .toBe("Select users to block, activate, move or delete them together.");

    // The list starts again from the first page with a fresh count (never '51–… of …' on an old cursor).
    await settled(page, "1–50 of 122");
    expect(new URL(page.url()).search).toBe("");
    // The rows ticked on the first page and then left behind were not acted on.
    for (const uid of firstPage)
      await expect.poll(() => page.locator(`tr[data-uid="${uid}"] td .badge`).first().textContent()).toBe("Active");

    const db = suite.server().database.db;
    const stored = await db.selectFrom("users").select("status").where("uid", "in", secondPage).execute();
    expect(stored.map((r) => r.status)).toEqual(secondPage.map(() => "blocked"));
    const left = await db.selectFrom("users").select("status").where("uid", "in", firstPage).execute();
    expect(left.map((r) => r.status)).toEqual(firstPage.map(() => "active"));
    expect(consoleErrors).toEqual([]);
  });

  it("selects all users matching the filter beyond the page and activates exactly them, after a confirmation with the counted number", async () => {
    const { page, consoleErrors } = await open(root, "/users/manage?team=boreal");
    await settled(page, `1–50 of ${PER_TEAM}`);
    const bar = page.getByRole("group", { name: "Actions on the selected users" });
    const offer = page.getByRole("button", { name: `Select all ${PER_TEAM} users matching this filter` });
    expect(await offer.count()).toBe(0);
    await page.locator(".users-table thead input[type=checkbox]").check();
    await expect.poll(() => bar.locator(".selection-count").textContent()).toBe("50 users selected");
    await offer.click();
    await expect.poll(() => bar.locator(".selection-count").textContent()).toBe(`All ${PER_TEAM} users matching this filter are selected.`);

    await bar.getByRole("button", { name: "Activate", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Activate users" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Activate ${PER_TEAM} users? They can sign in again.`);
    await dialog.getByRole("button", { name: "Activate" }).click();
    await page.getByText(`${PER_TEAM} users activated.`).waitFor();
    await settled(page, `1–50 of ${PER_TEAM}`);

    const db = suite.server().database.db;
    const boreal = await db.selectFrom("users").select("status").where("teamId", "=", borealUser.teamId).execute();
    expect(boreal.map((r) => r.status)).toEqual(boreal.map(() => "active"));
    const auroraBlocked = await db
      .selectFrom("users")
      .select("uid")
      .where("teamId", "=", aurora.id)
      .where("status", "!=", "active")
      .execute();
    expect(auroraBlocked.length).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
  });

  it("opens a profile and wipes the device the service reported, with a confirmation", async () => {
    const { page, consoleErrors } = await open(root, "/users/manage?search=wanda");
    await page.getByRole("link", { name: "Wanda Wiper" }).click();
    await page.waitForURL(`**/users/profile/${wanda.uid}`);
    await page.waitForSelector('bulwark-island[name="DeviceActions"][hydrated]');
    const details = page.locator("#user-details").locator("..");
    expect(await details.textContent()).toContain("wanda@aurora.test");
    expect(await details.textContent()).toContain("192.0.2.10");
    const device = page.locator(`tr[data-device="${reportedDevice}"]`);
    expect(await device.locator("th").textContent()).toBe("Wanda iPhone");
    expect(await device.locator("[data-platform]").textContent()).toBe("iOS");
    expect(await device.textContent()).toContain("Porto, PT");
    expect(await device.textContent()).toContain("Not wiped");

    await device.getByRole("button", { name: "Wipe", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Wipe this device?" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Wanda iPhone will wipe the app's data the next time it connects.");
    await dialog.getByRole("button", { name: "Wipe device" }).click();
    // The message goes to the page's one status region, not beside the device.
    await page.locator("#page-status").getByText("Wipe requested. The device is wiped the next time it connects").waitFor();
    expect(await device.locator(".badge").textContent()).toBe("Wipe pending");
    expect(await device.getByRole("button", { name: "Wipe", exact: true }).count()).toBe(0);

    const wipes = await suite.server().request().get("/v2/service/wipes").set("Authorization", `Bearer ${serviceToken}`).expect(200);
    const items = (wipes.body as { items: { user: string; device: string; deviceToken: string | null }[] }).items;
    expect(items).toContainEqual(expect.objectContaining({ user: wanda.uid, device: reportedDevice, deviceToken: "apns-wanda-0001" }));

    await page.reload();
    expect(await page.locator(`tr[data-device="${reportedDevice}"] .badge`).textContent()).toBe("Wipe pending");
    expect(consoleErrors).toEqual([]);
  });

  it("lists only the team's users for a team admin, and hides other teams' profiles", async () => {
    const { page, consoleErrors } = await open(teamAdmin, "/users/manage");
    expect(await statusText(page)).toBe(`1–50 of ${PER_TEAM + 2}`);
    const teamOptions = await page.getByLabel("Company", { exact: true }).locator("option").allTextContents();
    expect(teamOptions.slice(1)).toEqual(["Aurora Labs"]);
    for (const page2 of [0, 1]) {
      for (const team of await page.locator(".users-table tbody td:nth-child(4)").allTextContents()) expect(team).toBe("Aurora Labs");
      if (page2 === 0) {
        await page.getByRole("navigation", { name: "Pages of users" }).getByRole("button", { name: "Next" }).click();
        await settled(page, `51–${PER_TEAM + 2} of ${PER_TEAM + 2}`);
      }
    }
    const response = await page.goto(`/users/profile/${borealUser.uid}`);
    expect(response?.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page not found");
    expect(consoleErrors).toEqual([]);
  });

  it("creates a user, refuses a taken username, edits the user and sends a password reset", async () => {
    // The second creation (409) and the reset of a handle (400) are provoked on purpose.
    const { page, consoleErrors } = await open(root, "/users/create", { expectedFailures: /^\/v2\/user(\/reset)?$/ });
    await page.waitForSelector('bulwark-island[name="UserCreateForm"][hydrated]');
    const fill = async (username: string) => {
      await page.getByLabel("Username", { exact: true }).fill(username);
      await page.getByLabel("First name").fill("Nadia");
      await page.getByLabel("Last name").fill("Novak");
      await page.getByLabel("Company").selectOption("aurora");
      await page.getByLabel("Password (optional)").fill("N0vak!Pass");
      await page.getByLabel("Confirm password").fill("N0vak!Pass");
      await page.getByLabel("Aliases (optional)").fill("nadia.n, nn-handle");
      await page.getByLabel("ECS user").check();
      await page.getByRole("button", { name: "Create user" }).click();
    };
    await fill("not-an-email");
    expect(await page.locator(".field-error").first().textContent()).toBeTruthy();
    expect(await page.getByLabel("Username", { exact: true }).getAttribute("aria-invalid")).toBe("true");

    await fill("Nadia.Novak@aurora.test");
    await page.getByText("User created successfully").waitFor();
    const link = page.getByRole("link", { name: "Open the profile of nadia.novak@aurora.test" });
    const href = await link.getAttribute("href");
    await fill("nadia.novak@aurora.test");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("This username already exists. Choose another one");

    await page.goto(href!);
    await page.waitForSelector('bulwark-island[name="UserEditForm"][hydrated]');
    // Each field once: name, aliases and flags live in the form, not above it too.
    const details = () => page.locator("#user-details").locator("..").textContent();
    expect(await details()).not.toContain("nn-handle");
    expect(await page.getByLabel("Aliases").inputValue()).toContain("nn-handle");
    expect(await page.getByLabel("ECS user").isChecked()).toBe(true);
    expect(await page.getByLabel("Access level").inputValue()).toBe("");
    await page.getByLabel("First name").fill("Nadine");
    await page.getByLabel("Third-party SIP user").check();
    await page.getByLabel("Access level").selectOption("6");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("User updated successfully").waitFor();
    await page.getByRole("button", { name: "Send password reset" }).click();
    await page.getByText("Password reset sent to the user").waitFor();
    await page.reload();
    await page.waitForSelector('bulwark-island[name="UserEditForm"][hydrated]');
    expect(await page.getByLabel("First name").inputValue()).toBe("Nadine");
    expect(await page.getByLabel("Third-party SIP user").isChecked()).toBe(true);
    // The access level (#31) was saved: the form shows it, the API answers it, and the list has its column.
    expect(await page.getByLabel("Access level").inputValue()).toBe("6");
    const saved = await suite
      .server()
      .database.db.selectFrom("users")
      .select("accessLevel")
      .where("username", "=", "nadia.novak@aurora.test")
      .executeTakeFirstOrThrow();
    expect(saved.accessLevel).toBe("6");

    const handle = await buildUser(suite.server().database.db, {
      team: aurora,
      username: "radio-handle-7",
      firstName: "Rui",
      lastName: "Radio",
    });
    await page.goto(`/users/profile/${handle.uid}`);
    await page.waitForSelector('bulwark-island[name="UserResetButton"][hydrated]');
    await page.getByRole("button", { name: "Send password reset" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("This account is not registered using a valid e-mail address");
    expect(consoleErrors).toEqual([]);
  });

  it("sets a new password on the profile, and refuses the same one again as recently used, changing nothing", async () => {
    const db = suite.server().database.db;
    const user = await buildUser(db, { team: aurora, username: "pietro@aurora.test", firstName: "Pietro", lastName: "Passo" });
    const storedHash = async () =>
      (await db.selectFrom("users").select("passwordHash").where("uid", "=", user.uid).executeTakeFirstOrThrow()).passwordHash;
    const before = await storedHash();
    // The second save (422, password recently used) is provoked on purpose.
    const { page, consoleErrors } = await open(root, `/users/profile/${user.uid}`, { expectedFailures: /^\/v2\/user$/ });
    const setPassword = async (password: string, confirmation = password) => {
      await page.waitForSelector('bulwark-island[name="UserEditForm"][hydrated]');
      await page.getByLabel("New password", { exact: true }).fill(password);
      await page.getByLabel("Confirm new password").fill(confirmation);
      await page.getByRole("button", { name: "Save changes" }).click();
    };
    // Validated like the create form's pair: a mismatch never reaches the server.
    await setPassword("Pi3tro!Pass", "Pi3tro!Other");
    await page.locator(".field-error").first().waitFor();
    expect(await storedHash()).toBe(before);

    await setPassword("Pi3tro!Pass");
    await page.getByText("User updated successfully").waitFor();
    const changed = await storedHash();
    expect(changed).not.toBe(before);
    expect(changed).toBeTruthy();
    await page.waitForSelector('bulwark-island[name="UserEditForm"][hydrated]');
    expect(await page.getByLabel("New password", { exact: true }).inputValue()).toBe("");

    await setPassword("Pi3tro!Pass");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("This password was used recently. Choose a different password");
    expect(await page.getByLabel("New password", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Confirm new password").inputValue()).toBe("");
    expect(await storedHash()).toBe(changed);
    expect(consoleErrors).toEqual([]);
  });

  it("offers 25, 50, 100 or 200 rows per page, with paging above and below the rows", async () => {
    const { page, consoleErrors } = await open(root, "/users/manage");
    // 'Rows per page' is in the pager below the rows (issue 27: one place on every list).
    const size = page.getByRole("navigation", { name: "Pages of users" }).getByRole("group", { name: "Rows per page" });
    expect(await size.locator("li").allTextContents()).toEqual(["25", "50", "100", "200"]);
    await size.getByRole("button", { name: "25", exact: true }).click();
    await expect.poll(() => query(page).limit).toBe("25");
    const total = (await statusText(page))!.split(" of ")[1]!;
    await settled(page, `1–25 of ${total}`);
    expect(await rows(page).count()).toBe(25);
    await page.getByRole("group", { name: "Pages of users" }).getByRole("button", { name: "Next" }).click();
    await settled(page, `26–50 of ${total}`);
    await page.getByRole("navigation", { name: "Pages of users" }).getByRole("button", { name: "Previous" }).click();
    await settled(page, `1–25 of ${total}`);
    expect(consoleErrors).toEqual([]);
  });

  it("shows each user as a card on a phone, with the name (the profile link) and the checkbox in view", async () => {
    const { page, consoleErrors } = await open(root, "/users/manage", { viewport: { width: 390, height: 844 } });
    const box = page.locator(".users-list .list-table-frame");
    const sizes = await box.evaluate((el) => ({
      scroll: el.querySelector("table")!.getBoundingClientRect().width,
      client: el.clientWidth,
    }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const first = rows(page).first();
    expect(await first.evaluate((el) => getComputedStyle(el).display)).toBe("grid");
    for (const target of [first.locator("th a"), first.getByRole("checkbox")]) {
      const rect = (await target.boundingBox())!;
      expect(rect.x).toBeGreaterThanOrEqual(0);
      expect(rect.x + rect.width).toBeLessThanOrEqual(390);
    }
    // One card style on every list (issue 27): the label beside the value, no "Label:" inline.
    expect(await first.locator("td.col-username").evaluate((el) => getComputedStyle(el, "::before").content)).toBe('"Username"');
    // Sorting stays at hand: the header row is a row of sort buttons.
    expect(await page.getByRole("button", { name: "Username" }).isVisible()).toBe(true);
    // The page size moves to the pager below the cards (the one above gives way to the first card).
    expect(await page.getByRole("navigation", { name: "Pages of users" }).getByRole("group", { name: "Rows per page" }).isVisible()).toBe(
      true,
    );
    expect(consoleErrors).toEqual([]);
  });

  it("shows each filter in force as a chip that takes it off, keeps the header row in view, and offers a retry when the list fails", async () => {
    const { page, consoleErrors } = await open(root, "/users/manage?status=blocked&team=boreal&search=Barros", {
      expectedFailures: /v2\/users/,
    });
    const chips = page.getByRole("list", { name: "Active filters" });
    expect(await chips.getByRole("button").allTextContents()).toEqual(["Search: Barros×", "Status: Blocked×", "Company: Boreal Systems×"]);
    // Removing a chip drops only that filter; focus moves to the next chip, then to the search.
    await chips.getByRole("button", { name: "Remove filter Status: Blocked" }).click();
    await expect.poll(() => query(page)).toEqual({ team: "boreal", search: "Barros" });
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.chip)).toBe("team");
    await page.keyboard.press("Enter");
    await expect.poll(() => query(page)).toEqual({ search: "Barros" });
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.chip)).toBe("search");
    await page.keyboard.press("Enter");
    await expect.poll(() => query(page)).toEqual({});
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe("search");
    expect(await page.getByRole("searchbox").inputValue()).toBe("");
    await page.locator('.users-results[aria-busy="false"]').waitFor();
    expect(await statusText(page)).toMatch(/^1–50 of \d+$/);
    expect(await page.locator(".filter-chips").count()).toBe(0);

    // The header row sticks under the page header while the rows scroll.
    await page.mouse.wheel(0, 1500);
    await expect
      .poll(() =>
        page
          .locator(".users-table thead th")
          .first()
          .evaluate((th) => Math.round(th.getBoundingClientRect().top)),
      )
      .toBe(80);

    // A failed read shows the list's error state with a retry, which reads again.
    await page.route("**/v2/users?**", (route) => route.abort());
    await page.getByLabel("Status", { exact: true }).selectOption("active");
    const failure = page.locator(".list-error");
    await failure.waitFor();
    expect(await failure.getByText("The list could not be loaded").isVisible()).toBe(true);
    await page.unroute("**/v2/users?**");
    await failure.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => page.locator(".list-error").count()).toBe(0);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe("search");
    expect(await rows(page).count()).toBeGreaterThan(0);
    // The one aborted read is the only console error.
    expect(consoleErrors).toEqual([expect.stringContaining("net::ERR_FAILED")]);
  });

  it("fits its frame at 1280 px and wider with long names: no inner scrollbar", async () => {
    const db = suite.server().database.db;
    const longTeam = await buildTeam(db, { slug: "northern-hemisphere", teamName: "Northern Hemisphere Logistics International" });
    await buildUser(db, {
      team: longTeam,
      username: "maximiliano.abercrombie-vasconcelos@northern-hemisphere-logistics.example",
      firstName: "Maximiliano",
      lastName: "Abercrombie-Vasconcelos de Albuquerque",
      lastSeenAt: Date.UTC(2026, 10, 24, 4, 37),
      isEcs: 1,
      isSip: 1,
      isCellcrypt: 1,
    });
    for (const width of [1280, 1400, 1920]) {
      const { page, consoleErrors } = await open(root, "/users/manage", { viewport: { width, height: 900 } });
      const sizes = await page
        .locator(".users-list .list-table-frame")
        .evaluate((el) => ({ scroll: el.querySelector("table")!.getBoundingClientRect().width, client: el.clientWidth }));
      expect(sizes.scroll, `table at ${width} px`).toBeLessThanOrEqual(sizes.client);
      expect(consoleErrors).toEqual([]);
    }
  });

  it("marks the users whose app is below its platform's minimum and filters on it; the profile marks the device", async () => {
    const server = suite.server();
    const db = server.database.db;
    const session = await signIn(db, server.config, root);
    const setAndroidMinimum = (minVersion: string) =>
      server
        .request()
        .put("/v2/settings/apps")
        .set("Cookie", session.header)
        .set("X-CSRF-Token", session.csrfToken)
        .send({ android: { minVersion, lastVersion: "9.0.0", downloadUrl: "https://dl.example.com/android" } })
        .expect(200);
    // Every seeded device runs 5.0.1; Android's minimum goes above it, numerically (5.10.0 > 5.9.x).
    await setAndroidMinimum("5.10.0");
    try {
      const android = await db
        .selectFrom("devices")
        .innerJoin("users", "users.id", "devices.userId")
        .select("users.uid")
        .where("devices.platform", "=", 1)
        .execute();
      const expected = new Set(android.map((r) => r.uid));
      expect(expected.size).toBeGreaterThan(0);
      const { page, consoleErrors } = await open(root, "/users/manage");
      await page.getByLabel("App below minimum version").selectOption("true");
      await settled(page, `1–${expected.size} of ${expected.size}`);
      expect(query(page)).toEqual({ outdated: "true" });
      const uids = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-uid")));
      expect(new Set(uids)).toEqual(expected);
      expect(await page.locator('.users-table tbody [data-outdated="true"]').count()).toBe(expected.size);
      expect(await page.locator('.users-table tbody [data-outdated="true"]').first().textContent()).toBe("App outdated");

      const first = [...expected][0]!;
      await page.goto(`/users/profile/${first}`);
      const marked = page.locator('.devices-table [data-outdated="true"]');
      expect(await marked.count()).toBe(1);
      expect(await marked.getAttribute("title")).toBe("The app version is below the minimum supported version of this platform.");
      expect(consoleErrors).toEqual([]);
    } finally {
      await setAndroidMinimum("1.0.0");
    }
  });
});
