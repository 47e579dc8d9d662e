/** License counts of a team or a scope, and the sums the gauges show. */
/** A team's (or a scope's) licenses: the shape of `GET /v2/teams/{slug}/seats`. */
export interface Seats {
  capacity: number;
  users: number;
  invites: number;
  available: number;
}

/** No licenses, nobody using any: what a scope without teams shows. */
export const NO_SEATS: Seats = { capacity: 0, users: 0, invites: 0, available: 0 };

/** The sum of several teams' seats (a scope's gauge); available is summed, never recomputed. */
export function addSeats(a: Seats, b: Seats, sign: 1 | -1 = 1): Seats {
  return {
    capacity: a.capacity + sign * b.capacity,
    users: a.users + sign * b.users,
    invites: a.invites + sign * b.invites,
    available: a.available + sign * b.available,
  };
}
