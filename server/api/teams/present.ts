/**
 * Teams as the API and the pages show them (docs/API.md): SPEC §3 field names, ISO 8601 UTC
 * times, JSON columns parsed, 0/1 flags as booleans, internal ids left out. The export's team
 * columns read these same items.
 */
import type { TeamDetails, TeamListItem } from "../../../shared/api/teams";
import { CERT_REVOCATION_STRATEGIES, type CertRevocationStrategy } from "../../../shared/domain/statuses";
import type { ListResponse } from "../../../shared/schemas/list";
import type { TeamListPage, TeamListRow, TeamRecord } from "../../services/teams";

const iso = (ms: number): string => new Date(ms).toISOString();

/** Parses a JSON object column; anything else (corrupt, non-object) reads as `fallback`. */
function parseObject<T>(text: string | null, fallback: T): Record<string, unknown> | T {
  if (!text) return fallback;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * A team's overrides as answers show them: a TURN relay override's password is write-only, so it
 * is replaced by `passwordSet` (as the system settings do); everything else as stored.
 */
export function maskCustomSettings(custom: Record<string, unknown>): Record<string, unknown> {
  const calling = custom.calling;
  if (typeof calling !== "object" || calling === null) return custom;
  const turn = (calling as { turn?: unknown }).turn;
  if (typeof turn !== "object" || turn === null) return custom;
  const { password, ...rest } = turn as { password?: unknown };
  return { ...custom, calling: { ...calling, turn: { ...rest, passwordSet: typeof password === "string" && password !== "" } } };
}

function emailThemeOf(text: string | null): TeamDetails["emailTheme"] {
  const theme = parseObject(text, null);
  if (!theme || typeof theme.name !== "string" || typeof theme.primaryColor !== "string") return null;
  return {
    name: theme.name,
    primaryColor: theme.primaryColor,
    ...(typeof theme.logoUrl === "string" ? { logoUrl: theme.logoUrl } : {}),
    ...(typeof theme.footer === "string" ? { footer: theme.footer } : {}),
  };
}

function revocationOf(value: string): CertRevocationStrategy {
  return (CERT_REVOCATION_STRATEGIES as readonly string[]).includes(value) ? (value as CertRevocationStrategy) : "ocsp";
}

/** One row of `GET /v2/teams`. */
export function presentTeamListItem(row: TeamListRow): TeamListItem {
  return {
    slug: row.slug,
    teamName: row.teamName,
    institution: row.institution,
    city: row.city,
    country: row.country,
    language: row.language,
    adminCount: row.adminCount,
    userCount: row.userCount,
    createdOn: iso(row.createdAt),
  };
}

/** A page of `GET /v2/teams`. */
export function presentTeamList(page: TeamListPage): ListResponse<TeamListItem> {
  return { items: page.items.map(presentTeamListItem), total: page.total, nextCursor: page.nextCursor };
}

/** A team with every field, its domains, admins, user count and license packs. */
export function presentTeam({ team, domains, admins, userCount, licensePacks }: TeamRecord): TeamDetails {
  return {
    slug: team.slug,
    teamName: team.teamName,
    institution: team.institution,
    notes: team.notes,
    contactEmail: { finance: team.contactEmailFinance, operations: team.contactEmailOperations, support: team.contactEmailSupport },
    city: team.city,
    country: team.country,
    language: team.language,
    timezone: team.timezone,
    customSettings: maskCustomSettings(parseObject(team.customSettings, {})),
    emailTheme: emailThemeOf(team.emailTheme),
    authentication: {
      oauthClientId: team.authOauthClientId,
      authority: team.authAuthority,
      discovery: team.authDiscovery,
      version: team.authVersion,
      tenantId: team.authTenantId,
      azureAdSync: team.authAzureAdSync === 1,
      certRevocation: revocationOf(team.authCertRevocation),
    },
    domains,
    admins,
    userCount,
    licensePacks: licensePacks.map((pack) => ({
      id: pack.id,
      licenseType: pack.licenseType,
      licenseCount: pack.licenseCount,
      status: pack.status,
      expiresOn: pack.expiresAt === null ? null : iso(pack.expiresAt),
      createdOn: iso(pack.createdAt),
    })),
    createdOn: iso(Number(team.createdAt)),
    updatedOn: iso(Number(team.updatedAt)),
  };
}
