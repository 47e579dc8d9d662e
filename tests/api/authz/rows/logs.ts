import { recordAccess } from "../../../../server/services/accessLog/record";
import { signedIn, type MatrixRow } from "../types";

/** GET /v2/logs: root reads both teams' entries, each admin only their own team's. */
export const logsRows: MatrixRow[] = [
  {
    method: "GET",
    route: "/logs",
    request: async (f) => {
      const origin = { actor: null, ip: null, userAgent: null };
      await recordAccess(f.db, origin, { action: "team.update", target: { type: "team", id: `log-a-${f.tag}` }, teamId: f.teamA.id });
      await recordAccess(f.db, origin, { action: "team.update", target: { type: "team", id: `log-b-${f.tag}` }, teamId: f.teamB.id });
      return { url: `/v2/logs?search=${f.tag}` };
    },
    expect: signedIn(200, 200, 200),
    count: { root: 2, teamAdmin: 1, otherAdmin: 1 },
  },
];
