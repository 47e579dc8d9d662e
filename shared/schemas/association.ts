/**
 * Company associations (SPEC §3, §7 `POST/PUT/DELETE v2/association`): a named group of teams
 * whose users may communicate; open or closed, with a closed-communications toggle.
 */
import { z } from "zod";
import { maxCount } from "../limits";
import { ASSOCIATION_STATUSES } from "../domain/statuses";
import { bool, obj, oneOf, typeError, uniqueList } from "./builders";
import { ListQuerySchema, search } from "./list";
import { V } from "./messages";
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

/** `GET v2/associations` query: search on the name or a member team's name or slug, keyset paging by name. */
export const AssociationListQuerySchema = ListQuerySchema.extend({ search });
/** Association list query. */
export type AssociationListQuery = z.infer<typeof AssociationListQuerySchema>;

/** A party of the policy question: a team slug or a user uid. */
const party = z.union([uid, slug], { error: V.invalid });

/** `GET v2/service/policy?from=&to=`: each a team slug or a user uid. */
export const PolicyQuerySchema = z.object({ from: party, to: party }, { error: typeError });
/** Policy query. */
export type PolicyQuery = z.infer<typeof PolicyQuerySchema>;
