/**
 * Domain whitelists per team (SPEC §3 "domain association: domain per team"): `PUT/DELETE
 * v2/team/domains`. Domain changes require the acting admin's password (SPEC §5).
 */
import { z } from "zod";
import { maxCount } from "../limits";
import { obj, uniqueList } from "./builders";
import { domainName, passwordHash, slug } from "./primitives";

/** A team's whitelisted domains (0..100, distinct, lowercase). */
export const teamDomains = uniqueList(domainName, { min: 0, max: maxCount.domainsPerTeam });

/** `PUT v2/team/domains`: replace a team's domains; `password` is the admin's hashed password. */
export const TeamDomainsUpdateSchema = obj({ team: slug, domains: teamDomains, password: passwordHash });
/** Domains update body. */
export type TeamDomainsUpdateReq = z.infer<typeof TeamDomainsUpdateSchema>;

/** `DELETE v2/team/domains`: remove some domains of a team. */
export const TeamDomainsDeleteSchema = obj({
  team: slug,
  domains: uniqueList(domainName, { min: 1, max: maxCount.domainsPerTeam }),
  password: passwordHash,
});
/** Domains delete body. */
export type TeamDomainsDeleteReq = z.infer<typeof TeamDomainsDeleteSchema>;
