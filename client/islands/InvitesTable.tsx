import { useRef, useState } from "react";
import { useId } from "../components/hooks";
import type { TeamRef } from "../../shared/api/responses";
import { createInvitesApi, type InviteListResponse } from "../../shared/api/invites";
import { INVITE_STATES } from "../../shared/domain/statuses";
import { Alert } from "../components/forms/Alert";
import { useCallMessage } from "../components/forms/useCallMessage";
import { InvitesGrid } from "../components/invites/InvitesGrid";
import { NewCodes } from "../components/invites/NewCodes";
import { failureText, plural } from "../components/invites/types";
import { useInvitesList, type InvitesQuery } from "../components/invites/useInvitesList";
import { CountLine } from "../components/list/CountLine";
import { ExportForm } from "../components/list/ExportForm";
import { FilterForm, FilterSearch, FilterSelect } from "../components/list/FilterForm";
import { useHydrated } from "../components/useHydrated";
import { EmptyState } from "../components/list/EmptyState";
import { ListError } from "../components/list/ListError";
import { ListLayout } from "../components/list/ListLayout";
import { PageSize } from "../components/list/PageSize";
import { Pager } from "../components/list/Pager";
import { useLang, useT } from "../components/render-context";
import { ConfirmDialog } from "../components/users/ConfirmDialog";
import { announceStatus, clearStatus } from "../components/status/pageStatus";
import { maxLength } from "../../shared/limits";

/** Props of the invitations list island. */
export interface InvitesTableProps {
  query: InvitesQuery;
  /** The first page, rendered by the server. */
  page: InviteListResponse;
  /** Companies in scope for the filter (null: too many to list; the filter is then left out). */
  teams: TeamRef[] | null;
  csrfToken: string;
  timezone: string;
}

type Action = "resend" | "delete";

/** What a resend or delete did: counts, and each failure with its address and reason. */
interface ActionOutcome {
  action: Action;
  ok: number;
  failed: { id: string; address: string; code: string }[];
  /** Handles resent: their new codes, shown once (the old ones stop working). */
  codes: { address: string; id: string; code: string }[];
}

/**
 * /invites?view=pending: search as you type, filters by company and state, sorted by expiry,
 * keyset pages; resend or delete one invitation or a selection, after a confirmation, with the
 * result per invitation.
 */
export function InvitesTable({ query: initialQuery, page: initialPage, teams, csrfToken, timezone }: InvitesTableProps) {
  const t = useT();
  const lang = useLang();
  const messageFor = useCallMessage();
  const list = useInvitesList(initialQuery, initialPage, csrfToken);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [pending, setPending] = useState<{ action: Action; ids: string[] } | null>(null);
  const [acting, setActing] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const searchId = useId();
  const hydrated = useHydrated();
  const { query, page, busy } = list;
  const items = page.items;
  const addressOf = new Map(items.map((item) => [item.id, item.address]));

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const togglePage = (select: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const item of items) {
        if (select) next.add(item.id);
        else next.delete(item.id);
      }
      return next;
    });

  const run = () => {
    if (!pending) return;
    const { action, ids } = pending;
    setActing(true);
    setDialogError(null);
    const api = createInvitesApi({ csrfToken });
    const call =
      action === "resend"
        ? api.resend(ids).then((r) => ({
            ok: r.ok.length,
            failed: r.failed,
            codes: r.ok.flatMap((item) =>
              item.code ? [{ id: item.id, address: addressOf.get(item.id) ?? item.id, code: item.code }] : [],
            ),
          }))
        : api.remove(ids).then((r) => ({ ok: r.ok.length, failed: r.failed, codes: [] }));
    call
      .then(
        (result) => {
          const done: ActionOutcome = {
            action,
            ok: result.ok,
            codes: result.codes,
            failed: result.failed.map((f) => ({ ...f, address: addressOf.get(f.id) ?? f.id })),
          };
          setPending(null);
          setOutcome(done);
          setSelected((prev) => new Set([...prev].filter((id) => !ids.includes(id) || done.failed.some((f) => f.id === id))));
          if (done.failed.length === 0)
            announceStatus(plural(t, action === "resend" ? "invites:pending.resent" : "invites:pending.deleted", done.ok, lang));
          else clearStatus();
          window.requestAnimationFrame(() => summary.current?.focus());
          list.reload();
        },
        (error: unknown) => setDialogError(messageFor(error)),
      )
      .finally(() => setActing(false));
  };

  const pager = {
    label: t("invites:pending.pagination"),
    hasPrevious: list.pageIndex > 0,
    hasNext: Boolean(page.nextCursor),
    busy,
    onPrevious: list.previous,
    onNext: list.next,
  };
  const filtered = Boolean(query.search.trim() || query.team || query.state);
  const count = pending?.ids.length ?? 0;
  return (
    <ListLayout
      className="invites-list"
      busy={busy}
      resultsClassName="invites-results"
      count={
        <CountLine
          index={list.pageIndex}
          limit={query.limit}
          shown={items.length}
          total={page.total}
          loading={busy ? t("invites:pending.loading") : null}
        />
      }
      actions={
        <>
          <ExportForm
            resource="invites"
            filters={{ search: query.search, team: query.team, state: query.state, order: query.order }}
            total={page.total}
          />
          <a className="button button-primary invites-create" href="/invites">
            {t("invites:tabs.wizard")}
          </a>
        </>
      }
      filters={
        <FilterForm action="/invites" label={t("invites:pending.label")} live={hydrated} onSubmit={(event) => event.preventDefault()}>
          <input type="hidden" name="view" value="pending" />
          <FilterSearch
            id={searchId}
            label={t("invites:pending.search")}
            maxLength={maxLength.search}
            value={query.search}
            onChange={(event) => list.change({ search: event.target.value })}
          />
          {teams ? (
            <FilterSelect
              id={`${searchId}team`}
              name="team"
              label={t("invites:pending.company")}
              anyLabel={t("common:list.any")}
              options={teams.map((team) => ({ value: team.slug, label: team.teamName }))}
              value={query.team}
              onChange={(event) => list.change({ team: event.target.value })}
            />
          ) : null}
          <FilterSelect
            id={`${searchId}state`}
            name="state"
            label={t("invites:pending.state")}
            anyLabel={t("common:list.any")}
            options={INVITE_STATES.map((state) => ({ value: state, label: t(`invites:pending.states.${state}`) }))}
            value={query.state}
            onChange={(event) => list.change({ state: event.target.value as InvitesQuery["state"] })}
          />
        </FilterForm>
      }
      notice={
        <>
          {selected.size > 0 ? (
            <div className="bulk-bar" role="region" aria-label={plural(t, "invites:pending.selected", selected.size, lang)}>
              <p>{plural(t, "invites:pending.selected", selected.size, lang)}</p>
              <button type="button" className="button button-small" onClick={() => setPending({ action: "resend", ids: [...selected] })}>
                {t("invites:pending.resend")}
              </button>
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() => setPending({ action: "delete", ids: [...selected] })}
              >
                {t("invites:pending.delete")}
              </button>
              <button type="button" className="button button-small button-link" onClick={() => setSelected(new Set())}>
                {t("invites:pending.clear")}
              </button>
            </div>
          ) : null}
          {outcome ? (
            <div ref={summary} tabIndex={-1} className="bulk-summary-frame">
              <Alert variant={outcome.failed.length > 0 ? "error" : "success"}>
                <div className="bulk-summary">
                  <div>
                    {outcome.ok > 0 || outcome.failed.length === 0 ? (
                      <p>
                        {plural(t, outcome.action === "resend" ? "invites:pending.resent" : "invites:pending.deleted", outcome.ok, lang)}
                      </p>
                    ) : null}
                    {outcome.codes.length > 0 ? <NewCodes codes={outcome.codes} /> : null}
                    {outcome.failed.length > 0 ? (
                      <>
                        <p>{plural(t, "invites:pending.failed", outcome.failed.length, lang)}</p>
                        <ul>
                          {outcome.failed.map((failure) => (
                            <li key={failure.id} data-failed={failure.code}>
                              {failure.address}: {failureText(t, failure.code)}
                            </li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                  </div>
                  <button type="button" className="button button-small" onClick={() => setOutcome(null)}>
                    {t("invites:pending.dismiss")}
                  </button>
                </div>
              </Alert>
            </div>
          ) : null}
        </>
      }
      topPager={<Pager position="top" {...pager} />}
      results={
        <>
          {list.error ? (
            <ListError message={list.error} onRetry={list.reload} />
          ) : items.length > 0 ? (
            <div className="list-table-frame">
              <InvitesGrid
                items={items}
                order={query.order}
                selected={selected}
                timezone={timezone}
                busy={acting}
                onSort={() => list.change({ order: query.order === "asc" ? "desc" : "asc" })}
                onToggle={toggle}
                onTogglePage={togglePage}
                onAction={(action, ids) => setPending({ action, ids })}
              />
            </div>
          ) : !busy ? (
            <EmptyState
              title={t("invites:pending.empty")}
              hint={t(filtered ? "invites:pending.emptyHint" : "invites:pending.emptyStart")}
              action={
                filtered ? null : (
                  <a className="button button-primary" href="/invites">
                    {t("invites:tabs.wizard")}
                  </a>
                )
              }
            />
          ) : null}
        </>
      }
      bottomPager={
        <Pager position="bottom" {...pager}>
          <PageSize value={query.limit} disabled={busy} onChange={(limit) => list.change({ limit })} />
        </Pager>
      }
      footnote={
        <ConfirmDialog
          open={pending !== null}
          title={pending?.action === "delete" ? t("invites:pending.delete") : t("invites:pending.resend")}
          confirmLabel={pending?.action === "delete" ? t("invites:pending.delete") : t("invites:pending.resend")}
          tone={pending?.action === "delete" ? "danger" : "primary"}
          busy={acting}
          error={dialogError}
          onConfirm={run}
          onClose={() => {
            setPending(null);
            setDialogError(null);
          }}
        >
          <p>{plural(t, pending?.action === "delete" ? "invites:pending.confirmDelete" : "invites:pending.confirmResend", count, lang)}</p>
        </ConfirmDialog>
      }
    />
  );
}
