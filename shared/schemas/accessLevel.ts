/**
 * The access level field of users and admins (SPEC §3; #31): an integer from 0 to 9, or null to
 * clear it. Errors are the catalogue's number messages (`validation.integer`, `tooSmall`, `tooBig`,
 * with the range's bounds) in every language.
 */
import { accessLevelRange } from "../limits";
import { intIn } from "./builders";

/** An access level, or null (not set). */
export const accessLevel = intIn(accessLevelRange).nullable();

/** The access level as an answer carries it. */
export type AccessLevel = number | null;
