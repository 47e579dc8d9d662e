import { buildPack } from "../../../support/factories";
import { buildInvite } from "../../invites.support";
import type { MatrixFixtures } from "../fixtures";
import { signedIn, type MatrixRow } from "../types";

/** A pending invitation of teamA (the object's team), drawing on a pack of teamA. */
const inviteA = async (f: MatrixFixtures) => buildInvite(f.db, { team: f.teamA, pack: await buildPack(f.db, { team: f.teamA }) });

/** The `ok` items of a bulk reply. */
const okItems = (body: unknown) => (body as { ok: unknown[] }).ok;

/**
 * The invitation endpoints. Creating into teamA: root and teamA's admin, while the
 * other admin gets 404 (the team's existence stays hidden). The list filters by teamA: root and
 * teamA's admin see its invitation, the other admin none. Resend and delete answer per item: the
 * other admin's item fails as unknown (ok is empty). The wizard's company search finds teamA (it
 * has licenses) for root and teamA's admin, nothing for the other admin.
 */
export const invitesRows: MatrixRow[] = [
  {
    method: "GET",
    route: "/invites",
    request: async (f) => {
      await inviteA(f);
      await buildInvite(f.db, { team: f.teamB });
      return { url: `/v2/invites?team=${f.teamA.slug}` };
    },
    expect: signedIn(200, 200, 200),
    count: { root: 1, teamAdmin: 1, otherAdmin: 0 },
  },
  {
    method: "POST",
    route: "/invite",
    request: async (f) => {
      await buildPack(f.db, { team: f.teamA });
      return {
        url: "/v2/invite",
        body: { team: f.teamA.slug, type: "handle", addresses: [`agent_${f.tag}`], lang: "en", matchUser: false, directSignIn: false },
      };
    },
    expect: signedIn(200, 200, 404),
    count: { root: 1, teamAdmin: 1 },
    items: okItems,
  },
  {
    method: "POST",
    route: "/invite/review",
    request: (f) => ({
      url: "/v2/invite/review",
      body: { team: f.teamA.slug, type: "handle", addresses: [`agent_${f.tag}`, "bad handle"], lang: "en" },
    }),
    expect: signedIn(200, 200, 404),
    items: (body) => (body as { valid: unknown[] }).valid,
    count: { root: 1, teamAdmin: 1 },
  },
  {
    method: "GET",
    route: "/invite/teams",
    request: async (f) => {
      await buildPack(f.db, { team: f.teamA });
      return { url: `/v2/invite/teams?search=${f.teamA.slug}` };
    },
    expect: signedIn(200, 200, 200),
    count: { root: 1, teamAdmin: 1, otherAdmin: 0 },
  },
  {
    method: "PUT",
    route: "/invite",
    request: async (f) => ({ url: "/v2/invite", body: { ids: [(await inviteA(f)).uid] } }),
    expect: signedIn(200, 200, 200),
    count: { root: 1, teamAdmin: 1, otherAdmin: 0 },
    items: okItems,
  },
  {
    method: "DELETE",
    route: "/invite",
    request: async (f) => ({ url: "/v2/invite", body: { ids: [(await inviteA(f)).uid] } }),
    expect: signedIn(200, 200, 200),
    count: { root: 1, teamAdmin: 1, otherAdmin: 0 },
    items: okItems,
  },
];
