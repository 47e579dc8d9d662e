import { signedIn, type MatrixRow } from "../types";

/** GET /v2/dashboard: every signed-in admin gets counts (scoped; see tests/api/dashboard.test.ts). */
export const dashboardRows: MatrixRow[] = [
  { method: "GET", route: "/dashboard", request: () => ({ url: "/v2/dashboard" }), expect: signedIn(200, 200, 200) },
];
