/**
 * Company associations (SPEC §3, §7 `POST/PUT/DELETE v2/association`): a named group of teams
 * whose users may communicate; open or closed, with a closed-communications toggle.
 */
import { z } from "zod";
import { maxCount } from "../limits";
import { ASSOCIATION_STATUSES } from "../domain/statuses";
import { bool, obj, oneOf, uniqueList } from "./builders";
import { associationName, slug, uid } from "./primitives";

/** The teams of an association: at least two distinct slugs (an association links teams). */
export const associationTeams = uniqueList(slug, { min: 2, max: maxCount.teams });

/** `POST v2/association`. */
export const AssociationCreateSchema = obj({
  name: associationName,
  status: oneOf(ASSOCIATION_STATUSES),
  closedCommunications: bool(),
  teams: associationTeams,
});
/** Association creation body. */
export type AssociationCreateReq = z.infer<typeof AssociationCreateSchema>;

/** `PUT v2/association`: absent fields are unchanged. */
export const AssociationUpdateSchema = obj({
  id: uid,
  name: associationName.optional(),
  status: oneOf(ASSOCIATION_STATUSES).optional(),
  closedCommunications: bool().optional(),
  teams: associationTeams.optional(),
});
/** Association edit body. */
export type AssociationUpdateReq = z.infer<typeof AssociationUpdateSchema>;

/** `DELETE v2/association`. */
export const AssociationDeleteSchema = obj({ id: uid });
/** Association deletion body. */
export type AssociationDeleteReq = z.infer<typeof AssociationDeleteSchema>;
