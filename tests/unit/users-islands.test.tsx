import { describe, expect, it } from "vitest";
import { BulkBar, bulkConfirmText } from "../../client/components/users/BulkBar";
import { BulkSummary } from "../../client/components/users/BulkSummary";
import { parseAliases, foldListErrors } from "../../client/components/users/UserFields";
import { DateTime, FlagBadges, StatusBadge, platformLabel } from "../../client/components/users/format";
import { queryToParams, usersPageHref, DEFAULT_USERS_QUERY } from "../../client/components/users/query";
import type { UserDetail, UserListPage } from "../../client/components/users/types";
import { UsersFilters } from "../../client/components/users/UsersFilters";
import { DeviceActions } from "../../client/islands/DeviceActions";
import { AdminCreateForm } from "../../client/islands/AdminCreateForm";
import { UserCreateForm } from "../../client/islands/UserCreateForm";
import { UserEditForm } from "../../client/islands/UserEditForm";
import { UsersTable } from "../../client/islands/UsersTable";
import { UserProfilePage } from "../../client/pages/users/UserProfilePage";
import { UsersManagePage } from "../../client/pages/users/UsersManagePage";
import { renderAsServer, translate } from "../support/render";
import { usersQueryFromUrl } from "../../server/pages/sections/users";
import { PLATFORM_CODE_LIST } from "../../shared/domain/platforms";

const render = renderAsServer;

const TEAMS = [
  { slug: "acme", teamName: "Acme & Co" },
  { slug: "globex", teamName: "Globex" },
];
const UID_A = "3f1c1a2e-5b7d-4a40-9c1e-2d9f0c7b8a11";
const UID_B = "8e2b4c6d-1a3f-4b5c-9d7e-0f1a2b3c4d5e";

const PAGE: UserListPage = {
  total: 120,
  nextCursor: "eyJ2IjoiYiIsImlkIjoyfQ",
  items: [
    {
      uid: UID_A,
      username: "ana@acme.test",
      firstName: "Ana",
      lastName: "Silva",
      team: TEAMS[0]!,
      status: "active",
      ecs: true,
      sip: false,
      cellcrypt: false,
      accessLevel: 3,
      createdOn: "2025-03-01T10:00:00.000Z",
      lastSeen: null,
      deviceCount: 2,
      appOutdated: true,
    },
    {
      uid: UID_B,
      username: "bruno",
      firstName: "Bruno",
      lastName: "Costa",
      team: TEAMS[1]!,
      status: "blocked",
      ecs: false,
      sip: true,
      cellcrypt: true,
      accessLevel: null,
      createdOn: "2025-03-02T10:00:00.000Z",
      lastSeen: "2025-04-01T08:30:00.000Z",
      deviceCount: 0,
      appOutdated: false,
    },
  ],
};

describe("BulkBar", () => {
  it.each([
    ["en", 0, "Select users to block, activate, move or delete them together."],
    ["en", 1, "1 user selected"],
    ["en", 3, "3 users selected"],
    ["pt", 1, "1 utilizador selecionado"],
    ["pt", 42, "42 utilizadores selecionados"],
    ["es", 1, "1 usuario seleccionado"],
    ["es", 7, "7 usuarios seleccionados"],
  ])("shows the selection count in %s for %i users", (lang, count, text) => {
    const selected = new Set(Array.from({ length: count }, (_, i) => `uid-${i}`));
    const { html } = render(
      <BulkBar selected={selected} selectedUsers={[]} matching={null} teams={TEAMS} csrfToken="c" onClear={() => {}} onDone={() => {}} />,
      lang,
    );
    expect(html).toContain(text);
    expect(html.includes(`${translate(lang)("users:selection.clear")}</button>`)).toBe(count > 0);
    expect(html).toContain("<dialog");
    expect(html).not.toContain(translate(lang)("errors:noUserSelected"));
  });

  it.each([
    ["en", "block", 1, "Block 1 user? They can no longer sign in and their devices stop being served."],
    ["en", "delete", 12, "Delete 12 users and their devices? This cannot be undone."],
    ["en", "move", 2, "Move 2 users to Globex?"],
    ["pt", "block", 1, "Bloquear 1 utilizador? Deixa de poder iniciar sessão e os seus dispositivos deixam de ser servidos."],
    ["pt", "activate", 5, "Ativar 5 utilizadores? Voltam a poder iniciar sessão."],
    ["pt", "move", 1, "Mover 1 utilizador para Globex?"],
    ["es", "delete", 1, "¿Eliminar a 1 usuario y sus dispositivos? Esta acción no se puede deshacer."],
    ["es", "block", 3, "¿Bloquear a 3 usuarios? Ya no podrán iniciar sesión y sus dispositivos dejarán de recibir servicio."],
    ["es", "move", 9, "¿Mover a 9 usuarios a Globex?"],
  ] as const)("states how many users a confirmation affects (%s %s %i)", (lang, action, count, text) => {
    expect(bulkConfirmText(translate(lang), action, count, "Globex")).toBe(text);
  });

  it("summarises a partial result with the localized reasons and their counts", () => {
    const outcome = {
      action: "block" as const,
      team: null,
      ok: ["a", "b", "c"],
      failed: [
        { id: "d", code: "userRead404" },
        { id: "e", code: "userRead404" },
      ],
    };
    const en = render(<BulkSummary outcome={outcome} onDismiss={() => {}} />).html;
    expect(en).toContain("3 users blocked.");
    expect(en).toContain("2 users were not changed:");
    expect(en).toContain("User not found. It may have been deleted (2)");
    const pt = render(
      <BulkSummary outcome={{ ...outcome, ok: ["a"], failed: [{ id: "d", code: "userRead404" }] }} onDismiss={() => {}} />,
      "pt",
    ).html;
    expect(pt).toContain("1 utilizador bloqueado.");
    expect(pt).toContain("1 utilizador não foi alterado:");
    const es = render(
      <BulkSummary outcome={{ action: "move", team: TEAMS[1]!, ok: ["a", "b"], failed: [] }} onDismiss={() => {}} />,
      "es",
    ).html;
    expect(es).toContain("2 usuarios movidos a Globex.");
    expect(es).toContain('role="status"');
  });
});

describe("platform names", () => {
  it("names every SPEC §3 code in every language, unknown codes as Unknown", () => {
    expect(platformLabel(translate("en"), 12)).toBe("Windows Desktop");
    expect(platformLabel(translate("en"), 8)).toBe("Linux Client");
    expect(platformLabel(translate("pt"), 12)).toBe("Windows para computador");
    expect(platformLabel(translate("es"), 7)).toBe("Desconocida");
    expect(platformLabel(translate("en"), 99)).toBe("Unknown");
    for (const lang of ["en", "pt", "es"])
      for (const code of PLATFORM_CODE_LIST) expect(platformLabel(translate(lang), code)).not.toMatch(/platforms\./);
  });

  it("offers them in the platform filter", () => {
    const { html } = render(<UsersFilters query={{ ...DEFAULT_USERS_QUERY, platform: 13 }} teams={TEAMS} onChange={() => {}} />, "es");
    expect(html).toContain('<option value="12">Windows de escritorio</option>');
    expect(html).toContain('<option value="13" selected="">OSX</option>');
    expect(html).toContain("Limpiar filtros");
  });

  it("labels the device platform and the account flags apart, each filter once, with the outdated-app filter", () => {
    for (const lang of ["en", "pt", "es"] as const) {
      const { html } = render(<UsersFilters query={{ ...DEFAULT_USERS_QUERY, outdated: true }} teams={TEAMS} onChange={() => {}} />, lang);
      const labels = [...html.matchAll(/<label[^>]*>([^<]+)<\/label>/g)].map((m) => m[1]!);
      expect(new Set(labels).size, labels.join(" | ")).toBe(labels.length);
      const t = translate(lang);
      expect(labels).toEqual(
        expect.arrayContaining([t("users:list.platform"), t("users:flags.ecs"), t("users:flags.sip"), t("users:list.outdated")]),
      );
      // "ECS" and "SIP" alone would read as the platform's options: each flag's label says it is a user property.
      expect(labels).not.toContain("ECS");
      expect(labels).not.toContain("SIP");
      expect(html).toMatch(/<select[^>]*name="outdated"[^>]*>[\s\S]*?<option value="true" selected="">/);
    }
  });
});

describe("UsersTable", () => {
  it("renders the first page with sortable headers, row links and selection boxes", () => {
    const { html } = render(<UsersTable page={PAGE} query={DEFAULT_USERS_QUERY} teams={TEAMS} csrfToken="c" timezone="Europe/Lisbon" />);
    expect(html).toContain('aria-sort="ascending"');
    expect(html.match(/aria-sort=/g)).toHaveLength(1);
    expect(html).toContain(`href="/users/profile/${UID_A}"`);
    expect(html).toContain('aria-label="Select Ana Silva"');
    expect(html).toContain('aria-label="Select every user on this page"');
    expect(html).toContain("1–2 of 120");
    expect(html).toContain('<span class="badge badge-blocked">Blocked</span>');
    expect(html).toContain("Never");
    expect(html).toContain('dateTime="2025-04-01T08:30:00.000Z"');
    expect(html).toMatch(/<button type="button" class="button" disabled="">Previous page<\/button>/);
    expect(html).not.toMatch(/disabled="">Next/);
  });

  it("shows an empty list's fixing action: 'Create user' when nothing is filtered, the hint to change the filters otherwise", () => {
    const empty = { items: [], total: 0, nextCursor: null };
    const bare = render(<UsersTable page={empty} query={DEFAULT_USERS_QUERY} teams={TEAMS} csrfToken="c" timezone="UTC" />).html;
    const emptyPart = (html: string) => html.slice(html.indexOf('<div class="empty-state">'));
    // The toolbar's 'Create user' comes before the empty state: this one is the empty state's own.
    expect(emptyPart(bare)).toContain(
      '<div class="empty-action"><a class="button button-primary" href="/users/create">Create user</a></div>',
    );
    const filtered = render(
      <UsersTable page={empty} query={{ ...DEFAULT_USERS_QUERY, search: "nobody" }} teams={TEAMS} csrfToken="c" timezone="UTC" />,
    ).html;
    expect(filtered).toContain("Change the search or the filters, or create a user.");
    expect(filtered).not.toContain('<div class="empty-action">');
  });

  it("draws each row's badges and times as the shared components do, in every language", () => {
    for (const lang of ["en", "pt", "es"]) {
      const { html } = render(
        <UsersTable page={PAGE} query={DEFAULT_USERS_QUERY} teams={TEAMS} csrfToken="c" timezone="America/Sao_Paulo" />,
        lang,
      );
      for (const user of PAGE.items) {
        const row = html.slice(
          html.indexOf(`<tr data-uid="${user.uid}"`),
          html.indexOf("</tr>", html.indexOf(`<tr data-uid="${user.uid}"`)),
        );
        const cells = [
          <FlagBadges user={user} />,
          <StatusBadge status={user.status} />,
          <DateTime iso={user.createdOn} timeZone="America/Sao_Paulo" />,
          <DateTime iso={user.lastSeen} timeZone="America/Sao_Paulo" />,
        ].map((cell) => render(cell, lang).html);
        expect(row).toContain(`</a>${cells[0]}</th>`);
        // Each cell carries its column's name, which a phone shows as the card line's label.
        const cell = (column: string, html: string) => `data-label="${translate(lang)(`users:columns.${column}`)}">${html}</td>`;
        expect(row).toContain(cell("status", cells[1]!));
        expect(row).toContain(cell("createdOn", cells[2]!));
        expect(row).toContain(cell("lastSeen", cells[3]!));
      }
    }
  });

  it("shows the empty state and the descending sort from the query, in Portuguese", () => {
    const query = { ...DEFAULT_USERS_QUERY, sort: "lastSeen" as const, order: "desc" as const, search: "zz" };
    const { html } = render(
      <UsersTable page={{ items: [], total: 0, nextCursor: null }} query={query} teams={TEAMS} csrfToken="c" timezone="UTC" />,
      "pt",
    );
    expect(html).toContain("Nenhum utilizador corresponde a esta pesquisa.");
    expect(html).toContain('value="zz"');
    expect(html).not.toContain("<table");
  });

  it("is a hydrated island on the page, with the users and validation texts", () => {
    const { html, state } = render(<UsersManagePage page={PAGE} query={DEFAULT_USERS_QUERY} teams={TEAMS} csrfToken="c" timezone="UTC" />);
    expect(html).toContain('<bulwark-island name="UsersTable"');
    expect([...state.islands]).toEqual(["UsersTable"]);
    expect([...state.namespaces].sort()).toEqual(["common", "errors", "users", "validation"]);
  });
});

describe("UserProfilePage", () => {
  const user: UserDetail = {
    uid: UID_A,
    username: "ana@acme.test",
    firstName: "Ana",
    lastName: "Silva",
    role: "user",
    accessLevel: null,
    team: TEAMS[0]!,
    status: "active",
    ecs: false,
    sip: true,
    cellcrypt: false,
    aliases: ["ana.s"],
    ipAddress: "10.1.2.3",
    createdOn: "2025-01-02T23:30:00.000Z",
    lastSeen: null,
    devices: [
      {
        id: UID_B,
        platform: 12,
        platformName: "Windows Desktop",
        appVersion: "5.0.1",
        osVersion: "11",
        deviceName: "Ana's laptop",
        browser: null,
        createdOn: "2025-01-03T10:00:00.000Z",
        lastSeen: "2025-02-03T10:00:00.000Z",
        wipe: { status: "pending", requestedAt: "2025-02-04T10:00:00.000Z", wipedAt: null },
        location: { city: "Lisboa", country: "PT", geocountry: "Portugal", ip: "10.1.2.3" },
        belowMinimum: true,
      },
    ],
  };

  it("shows details, the devices with OS names and a DeviceActions island per device", () => {
    const { html, state } = render(<UserProfilePage user={user} teams={[]} csrfToken="c" timezone="Europe/Lisbon" />, "es");
    expect(html).toContain("Windows de escritorio");
    expect(html).toContain("Lisboa, PT");
    expect(html).toContain("Geolocalizado en Portugal");
    expect(html).toContain("Borrado remoto pendiente");
    expect(html).toContain("Usuario SIP de terceros");
    expect(html).toContain("ana.s");
    expect([...state.islands].sort()).toEqual(["DeviceActions", "UserActions", "UserEditForm", "UserResetButton"]);
    // Profiles use the one date style of lists (client/components/DateTime.tsx).
    expect(html).toContain('<time dateTime="2025-01-02T23:30:00.000Z">02 ene 2025, 23:30</time>');
    expect(html).toContain('data-outdated="true"');
    expect(html).toContain("Aplicación desactualizada");
  });

  it("offers a wipe only while none is requested", () => {
    const wipe = (status: "none" | "pending" | "done") => ({
      status,
      requestedAt: status === "none" ? null : "2025-02-04T10:00:00.000Z",
      wipedAt: status === "done" ? "2025-02-05T10:00:00.000Z" : null,
    });
    const none = render(<DeviceActions uid={UID_A} deviceId={UID_B} label="Pixel" wipe={wipe("none")} csrfToken="c" timezone="UTC" />).html;
    expect(none).toContain("Not wiped");
    expect(none).toContain(">Wipe</button>");
    const done = render(
      <DeviceActions uid={UID_A} deviceId={UID_B} label="Pixel" wipe={wipe("done")} csrfToken="c" timezone="UTC" />,
      "pt",
    ).html;
    expect(done).toContain("Dados limpos");
    expect(done).not.toContain(">Limpar os dados</button>");
  });
});

describe("UserCreateForm", () => {
  it("offers the teams in scope and the via-e-mail option, or explains why it cannot", () => {
    const { html } = render(<UserCreateForm teams={TEAMS} csrfToken="c" />);
    expect(html).toContain("Username is an e-mail (send invitations/resets by e-mail)");
    expect(html).toContain('<option value="acme">Acme &amp; Co</option>');
    expect(html).toContain('autoComplete="new-password"');
    expect(render(<UserCreateForm teams={[]} csrfToken="c" />, "pt").html).toContain("Ainda não gere nenhuma empresa");
  });
});

describe("the access level at creation", () => {
  const picker = /<select[^>]*name="accessLevel"[^>]*>(.*?)<\/select>/s;

  it("is offered by the user creation form, 'Not set' chosen, with the ten levels", () => {
    const { html } = render(<UserCreateForm teams={TEAMS} csrfToken="c" />, "pt");
    const select = html.match(picker);
    expect(select).not.toBeNull();
    expect(select![0]).toMatch(/<option value=""[^>]*selected[^>]*>Não definido<\/option>/);
    expect([...select![1]!.matchAll(/value="(\d)"/g)].map((m) => m[1])).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
  });

  it("is offered by the administrator creation form to a root only (only root sets an administrator's level)", () => {
    const teams = [{ slug: "acme", teamName: "Acme & Co" }];
    expect(render(<AdminCreateForm csrfToken="c" teams={teams} canCreateRoot lang="en" />, "en").html).toMatch(picker);
    expect(render(<AdminCreateForm csrfToken="c" teams={teams} canCreateRoot={false} lang="en" />, "en").html).not.toMatch(picker);
  });
});

describe("UserEditForm", () => {
  const editable = {
    uid: UID_A,
    firstName: "Ana",
    lastName: "Silva",
    aliases: ["ana.s"],
    accessLevel: 3,
    ecs: false,
    sip: true,
    cellcrypt: false,
  };

  it("offers the access level as 'Not set' and 0 to 9, the user's own selected, in every language", () => {
    const texts = { en: ["Access level", "Not set"], pt: ["Nível de acesso", "Não definido"], es: ["Nivel de acceso", "Sin definir"] };
    for (const [lang, [label, notSet]] of Object.entries(texts)) {
      const { html } = render(<UserEditForm user={editable} csrfToken="c" />, lang);
      expect(html).toContain(label);
      const select = html.match(/<select[^>]*name="accessLevel"[^>]*>(.*?)<\/select>/s);
      expect(select).not.toBeNull();
      const options = [...select![1]!.matchAll(/<option[^>]*value="(\d*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
      expect(options).toEqual([["", notSet], ...Array.from({ length: 10 }, (_, i) => [String(i), String(i)])]);
      expect(select![0]).toMatch(/<option[^>]*value="3"[^>]*selected/);
    }
    const unset = render(<UserEditForm user={{ ...editable, accessLevel: null }} csrfToken="c" />, "en").html;
    expect(unset.match(/<select[^>]*name="accessLevel"[^>]*>.*?<\/select>/s)![0]).toMatch(/<option value=""[^>]*selected/);
  });

  it("offers an optional new password with its confirmation, empty (= unchanged), in every language", () => {
    const labels = {
      en: ["New password", "Confirm new password", "Leave empty to keep the current password."],
      pt: ["Nova palavra-passe", "Confirmar nova palavra-passe", "Deixe em branco para manter a palavra-passe atual."],
      es: ["Nueva contraseña", "Confirmar nueva contraseña", "Déjela vacía para mantener la contraseña actual."],
    };
    for (const [lang, texts] of Object.entries(labels)) {
      const { html } = render(<UserEditForm user={editable} csrfToken="c" />, lang);
      for (const text of texts) expect(html).toContain(text);
      const passwordInputs = html.match(/<input[^>]*type="password"[^>]*>/g) ?? [];
      expect(passwordInputs).toHaveLength(2);
      for (const input of passwordInputs) {
        expect(input).toContain('autoComplete="new-password"');
        expect(input).toContain('value=""');
        expect(input).not.toContain("required");
      }
    }
    expect(translate("pt")("errors:userEdit422")).toBe("Esta palavra-passe foi usada recentemente. Escolha uma palavra-passe diferente");
  });
});

describe("users query in the URL", () => {
  it("leaves defaults out and keeps filters, sort and cursor", () => {
    expect(usersPageHref(DEFAULT_USERS_QUERY)).toBe("/users/manage");
    const params = queryToParams({
      ...DEFAULT_USERS_QUERY,
      search: "ana",
      status: "blocked",
      ecs: false,
      platform: 2,
      sort: "lastSeen",
      order: "desc",
      cursor: "abc",
    });
    expect(params.toString()).toBe("search=ana&status=blocked&platform=2&ecs=false&sort=lastSeen&order=desc&cursor=abc");
  });

  it("is read back by the server, dropping what does not validate", () => {
    expect(usersQueryFromUrl({ search: "ana", status: "blocked", ecs: "false", platform: "2", sort: "lastSeen", order: "desc" })).toEqual({
      ...DEFAULT_USERS_QUERY,
      search: "ana",
      status: "blocked",
      ecs: false,
      platform: 2,
      sort: "lastSeen",
      order: "desc",
    });
    expect(usersQueryFromUrl({ status: "weird", team: ["acme", "globex"], limit: "9999" })).toEqual({
      ...DEFAULT_USERS_QUERY,
      team: "acme",
    });
  });

  it("splits aliases on commas and lines and folds per-item errors", () => {
    expect(parseAliases(" a , b\n\nc,")).toEqual(["a", "b", "c"]);
    expect(foldListErrors({ "aliases.1": "dup", firstName: "req" }, "aliases")).toEqual({ aliases: "dup", firstName: "req" });
  });
});
