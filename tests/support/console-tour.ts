/**
 * A tour of every page of the console for the layout suites: a seeded installation
 * (a company, users with a device, admins, live one-time links, a signed-in root per language)
 * and a walk over the public pages and every route of the route table, checking each for
 * horizontal scroll and serious axe-core violations and keeping a screenshot of it.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { PROTECTED_PAGES } from "../../server/pages/routes";
import { recordAccess } from "../../server/services/accessLog/record";
import { issueToken } from "../../server/services/identity/oneTimeTokens";
import { horizontalOverflow, seriousAxeViolations, waitForIslands } from "./audit";
import { buildAdmin, buildDevice, buildPack, buildTeam, buildUser, signIn } from "./factories";
import { getTestServer, ROOT_DIR, type TestServer } from "./server";
import { rawTextProblems, visibleTexts } from "./texts";

/** Where the tour's screenshots go (a CI artifact). */
export const TOUR_SCREENSHOTS = path.join(ROOT_DIR, "test-results", "screenshots", "layout");

/** A console language. */
export type TourLang = "en" | "pt" | "es";

/** A signed-in root: its session cookie and its own profile's uid. */
export interface TourRoot {
  cookie: { name: string; value: string };
  uid: string;
}

/** What the tour visits: seeded objects for parameterised routes, live links, a root per language. */
export interface TourData {
  userUid: string;
  adminUid: string;
  teamSlug: string;
  verifyToken: string;
  resetToken: string;
  roots: Map<TourLang, TourRoot>;
}

/** Seeds the objects every page needs to show real content (long names included). */
export async function seedTour(server: TestServer): Promise<TourData> {
  const db = server.database.db;
  const team = await buildTeam(db, { teamName: "Northwind Logistics International", slug: "northwind" });
  const admin = await buildAdmin(db, { teams: [team], firstName: "Ada", lastName: "Lovelace" });
  const user = await buildUser(db, { team, firstName: "Katherine", lastName: "Johnson", aliases: ["kj"] });
  await buildDevice(db, user, { location: { city: "Lisbon", country: "Portugal", ip: "192.0.2.10" } });
  // Values every enum formatter must translate: a pack on the company profile, access-log actions.
  await buildPack(db, { team });
  for (let i = 0; i < 12; i += 1) await buildUser(db, { team, firstName: `Person${i}`, lastName: "Longname-Withhyphen" });
  const invited = await buildAdmin(db, { status: "invited", teams: [team] });
  // /domains and /associations with content: a long domain and an association.
  const partner = await buildTeam(db, { teamName: "Southwind Maritime Holdings", slug: "southwind" });
  await db
    .insertInto("teamDomains")
    .values({ teamId: team.id, domain: "northwind-logistics-international.example", createdAt: Date.now() })
    .execute();
  const association = await db
    .insertInto("associations")
    .values({
      uid: "00000000-0000-4000-8000-00000000700a",
      name: "Northwind and Southwind shipping partnership",
      status: "open",
      closedCommunications: 1,
      createdAt: Date.now(),
      updatedAt: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("associationTeams")
    .values([
      { associationId: association.id, teamId: team.id },
      { associationId: association.id, teamId: partner.id },
    ])
    .execute();
  const roots = new Map<TourLang, TourRoot>();
  for (const lang of ["en", "pt", "es"] as const) {
    const root = await buildAdmin(db, {
      role: "root",
      lang,
      firstName: lang === "en" ? "Grace" : "Maria",
      lastName: lang === "en" ? "Hopper" : "Fernandes",
    });
    const session = await signIn(db, server.config, root);
    roots.set(lang, { cookie: { name: session.cookie.name, value: encodeURIComponent(session.cookie.value) }, uid: root.uid });
  }
  const actor = { actor: { id: admin.id, username: admin.username }, ip: "192.0.2.20", userAgent: "Chromium" };
  await recordAccess(db, actor, { action: "admin.signin", target: { type: "admin", id: admin.uid } });
  await recordAccess(db, actor, { action: "user.update", target: { type: "user", id: user.uid }, teamId: team.id });
  await recordAccess(db, actor, { action: "device.wipe", target: { type: "device", id: user.uid }, teamId: team.id, outcome: "failure" });
  return {
    userUid: user.uid,
    adminUid: admin.uid,
    teamSlug: team.slug,
    verifyToken: await issueToken(db, "admin", invited.id, "verify", 60),
    resetToken: await issueToken(db, "admin", admin.id, "reset", 60),
    roots,
  };
}

/** The concrete address of a protected route, with a seeded object for each parameter. */
export function concretePath(route: string, data: TourData): string {
  const byRoute: Record<string, string> = {
    "/users/profile/:queryUID": `/users/profile/${data.userUid}`,
    "/admins/profile/:queryUID": `/admins/profile/${data.adminUid}`,
    "/teams/profile/:queryUID": `/teams/profile/${data.teamSlug}`,
  };
  if (!route.includes(":")) return route;
  const sample = byRoute[route];
  if (!sample) throw new Error(`tests/support/console-tour.ts has no sample for the new route ${route}: add one to concretePath`);
  return sample;
}

/** One pass of the tour: a name (for screenshots), a viewport and the language. */
export interface TourRun {
  name: string;
  viewport: { width: number; height: number };
  lang: TourLang;
}

/**
 * Visits every page signed out, then every route of the route table and the root's own profile
 * signed in, in one browser context (the signed-in state is reused); returns every problem found
 * (horizontal scroll, serious or critical axe violations, 5xx, page errors, visible text that is an
 * i18n key or, in Portuguese and Spanish, an untranslated enum value: see texts.ts).
 */
export async function tourEveryPage(browser: Browser, baseUrl: string, run: TourRun, data: TourData): Promise<string[]> {
  mkdirSync(TOUR_SCREENSHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: run.viewport, baseURL: baseUrl });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  const visit = async (name: string, target: string) => {
    const response = await page.goto(target);
    if ((response?.status() ?? 0) >= 500) problems.push(`${name}: status ${response?.status()}`);
    await waitForIslands(page);
    const { excess, culprits } = await horizontalOverflow(page);
    if (excess > 0) problems.push(`${name}: ${excess} px of horizontal scroll (${culprits.join(", ")})`);
    for (const v of await seriousAxeViolations(page))
      problems.push(`${name}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(" | ")}`);
    for (const problem of rawTextProblems(await visibleTexts(page), run.lang)) problems.push(`${name}: ${problem}`);
    await page.screenshot({ path: path.join(TOUR_SCREENSHOTS, `${name}-${run.name}.png`), fullPage: true });
  };
  const lang = run.lang;
  const publicPages: [string, string][] = [
    ["signin", `/signin/${lang}`],
    ["signup", `/signup/${lang}`],
    ["forgot-password", `/forgot-password/${lang}`],
    ["verify", `/verify/${lang}/${data.verifyToken}`],
    ["verify-used", `/verify/${lang}/${"A".repeat(43)}`],
    ["reset", `/reset/${lang}/${data.resetToken}`],
    ["not-found", "/404"],
  ];
  for (const [name, target] of publicPages) await visit(name, target);

  const root = data.roots.get(lang)!;
  await context.addCookies([{ ...root.cookie, url: baseUrl }]);
  for (const route of PROTECTED_PAGES) {
    await visit(
      route.path
        .replace(/^\//, "")
        .replace(/\/:queryUID$/, "")
        .replaceAll("/", "-"),
      concretePath(route.path, data),
    );
  }
  await visit("my-profile", `/admins/profile/${root.uid}`);
  // /invites shows the wizard; its second tab is the invitations list.
  await visit("invites-pending", "/invites?view=pending");
  await context.close();
  return problems;
}

/** The layout suites' shared set-up, filled in by {@link useTour}'s beforeAll. */
export interface TourFixture {
  server: TestServer;
  baseUrl: string;
  data: TourData;
  browser: Browser;
}

/**
 * Registers the set-up both layout suites need (a listening server on the built assets, the
 * seeded tour, one Chromium) and its teardown; the returned object is filled before the tests run.
 */
export function useTour(): TourFixture {
  const fixture = {} as TourFixture;
  beforeAll(async () => {
    fixture.server = await getTestServer({ assets: "built" });
    fixture.baseUrl = await fixture.server.listen();
    fixture.data = await seedTour(fixture.server);
    fixture.browser = await launchBrowser();
    return async () => {
      await fixture.browser.close();
      await fixture.server.close();
    };
  });
  return fixture;
}
