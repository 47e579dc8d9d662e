/** The dashboard's query (SPEC §2): the scope it counts, narrowed to one company when asked. */
import { z } from "zod";
import { typeError } from "./builders";
import { slug } from "./primitives";

/**
 * `GET /v2/dashboard` query: `team` narrows the counts to that company (root: any company; an
 * admin: one of theirs). Unknown parameters are ignored, as in every list query.
 */
export const DashboardQuerySchema = z.object({ team: slug.optional() }, { error: typeError }).strip();
/** Dashboard query. */
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;
