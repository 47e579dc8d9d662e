import type { AccessToken } from "../../../shared/api/tokens";
import { DateTime } from "../../components/DateTime";
import { Island } from "../../components/Island";
import { CountLine } from "../../components/list/CountLine";
import { EmptyState } from "../../components/list/EmptyState";
import { ListLayout } from "../../components/list/ListLayout";
import { useT } from "../../components/render-context";
import { TokenCreateForm } from "../../islands/TokenCreateForm";
import { TokenRevoke } from "../../islands/TokenRevoke";

/** Props of the API tokens page (/tokens, root: /tokens?admin=uid). */
export interface TokensPageProps {
  items: AccessToken[];
  /** Whose tokens: the signed-in admin's own (`self`), or another admin's (root). */
  owner: { uid: string; username: string; self: boolean };
  maxDays: number;
  noExpiry: boolean;
  /** The companies a new token may be limited to. */
  teams: { slug: string; teamName: string }[];
  timezone: string;
  csrfToken: string;
}

const NS = ["tokens", "validation"] as const;

/**
 * API tokens: the admin's access tokens for automation as a server-rendered table (or the empty
 * state), a revoke button per token and one for all, and (on one's own page) the create form,
 * whose island shows a new secret once. Root reads another admin's tokens with ?admin=uid.
 */
export function TokensPage({ items, owner, maxDays, noExpiry, teams, timezone, csrfToken }: TokensPageProps) {
  const t = useT();
  const when = (iso: string | null, fallback: string) => <DateTime iso={iso} timezone={timezone} fallback={fallback} />;
  return (
    <div className="tokens-page">
      <section className="card" aria-labelledby="tokens-list">
        <h2 id="tokens-list" className="card-title">
          {owner.self ? t("tokens:list.title") : t("tokens:list.titleOf", { username: owner.username })}
        </h2>
        <p className="card-note">{t("tokens:list.intro")}</p>
        <ListLayout
          className="tokens-list"
          count={<CountLine index={0} limit={items.length} shown={items.length} total={items.length} />}
          filters={null}
          results={
            items.length === 0 ? (
              <EmptyState title={t("tokens:list.emptyTitle")} hint={owner.self ? t("tokens:list.emptyHint") : null} />
            ) : (
              <div className="list-table-frame">
                <table className="data-table list-table tokens-table">
                  <caption className="visually-hidden">{t("tokens:list.caption")}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("tokens:columns.name")}</th>
                      <th scope="col">{t("tokens:columns.permissions")}</th>
                      <th scope="col">{t("tokens:columns.teams")}</th>
                      <th scope="col">{t("tokens:columns.expires")}</th>
                      <th scope="col">{t("tokens:columns.lastUsed")}</th>
                      <th scope="col">{t("tokens:columns.actions")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((token) => (
                      <tr key={token.id} data-token={token.id}>
                        <th scope="row" data-label={t("tokens:columns.name")}>
                          {token.name}
                          <span className="cell-secondary">
                            {t("tokens:columns.created")}: {when(token.createdAt, "")}
                          </span>
                        </th>
                        <td data-label={t("tokens:columns.permissions")}>
                          {token.permissions.map((p) => t(`tokens:permissions.${p}`)).join(", ")}
                        </td>
                        <td data-label={t("tokens:columns.teams")}>
                          {token.teams === null ? t("tokens:list.allTeams") : token.teams.map((team) => team.teamName).join(", ")}
                        </td>
                        <td data-label={t("tokens:columns.expires")}>{when(token.expiresAt, t("tokens:list.noExpiry"))}</td>
                        <td data-label={t("tokens:columns.lastUsed")}>
                          {when(token.lastUsedAt, t("tokens:list.neverUsed"))}
                          {token.lastUsedFrom ? <span className="cell-secondary">{token.lastUsedFrom}</span> : null}
                        </td>
                        <td data-label={t("tokens:columns.actions")}>
                          <Island
                            name="TokenRevoke"
                            component={TokenRevoke}
                            props={{ csrfToken, id: token.id, name: token.name }}
                            namespaces={NS}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
          footnote={
            items.length > 0 ? (
              <div className="form-actions">
                <Island
                  name="TokenRevoke"
                  component={TokenRevoke}
                  props={{ csrfToken, all: true, name: owner.username, ...(owner.self ? {} : { admin: owner.uid }) }}
                  namespaces={NS}
                />
              </div>
            ) : null
          }
        />
      </section>
      {owner.self ? (
        <section className="card" aria-labelledby="tokens-create">
          <h2 id="tokens-create" className="card-title">
            {t("tokens:create.title")}
          </h2>
          <Island name="TokenCreateForm" component={TokenCreateForm} props={{ csrfToken, maxDays, noExpiry, teams }} namespaces={NS} />
        </section>
      ) : null}
    </div>
  );
}
