/**
 * Domain white-lists per team (SPEC §3 "domain association", §7 `PUT/DELETE v2/team/domains`).
 * Every change is confirmed by the root's own password (SHA-512 hex, DESIGN §4).
 */
import type { z } from "zod";
import { maxCount } from "../limits";
import { bool, obj, uniqueList } from "./builders";
import { domainName, passwordHash, slug } from "./primitives";

/** A team's whitelisted domains (0..100, distinct after normalization). */
export const teamDomains = uniqueList(domainName, { min: 0, max: maxCount.domainsPerTeam });

/** The domains a change names: at least one. */
const changedDomains = uniqueList(domainName, { min: 1, max: maxCount.domainsPerTeam });

/** `PUT v2/team/domains`: adds the domains to the team's white-list (ones it has already stay). */
export const TeamDomainsUpdateSchema = obj({ slug, domains: changedDomains, password: passwordHash });
/** Domains update body. */
export type TeamDomainsUpdateReq = z.infer<typeof TeamDomainsUpdateSchema>;

/**
 * `DELETE v2/team/domains`: removes domains of a team. When that leaves users' e-mail addresses
 * outside the team's remaining domains, the call answers `domainsDelete409` with the count
 * unless `confirm` is true (the console asks first, naming that count).
 */
export const TeamDomainsDeleteSchema = obj({ slug, domains: changedDomains, password: passwordHash, confirm: bool().optional() });
/** Domains delete body. */
export type TeamDomainsDeleteReq = z.infer<typeof TeamDomainsDeleteSchema>;
