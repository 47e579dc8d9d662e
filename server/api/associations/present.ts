import type { Association as AssociationAnswer } from "../../../shared/api/domains";
import type { ListResponse } from "../../../shared/schemas/list";
import { fromFlag } from "../../db/flags";
import { isoUtc } from "../../lib/isoTime";
import type { Association } from "../../services/associations";

/** An association as the API and the /associations page show it: `id` is the public uid, teams by slug and name. */
export function presentAssociation(association: Association): AssociationAnswer {
  return {
    id: association.uid,
    name: association.name,
    status: association.status,
    closedCommunications: fromFlag(association.closedCommunications),
    teams: association.teams,
    createdOn: isoUtc(Number(association.createdAt)),
    updatedOn: isoUtc(Number(association.updatedAt)),
  };
}

/** A page of associations in the list shape of DESIGN §3. */
export function presentAssociationPage(page: ListResponse<Association>): ListResponse<AssociationAnswer> {
  return { items: page.items.map(presentAssociation), total: page.total, nextCursor: page.nextCursor };
}
