/**
 * The console's sections and who may open them (SPEC §2, §6; DESIGN §5). The sidebar renders
 * from this table and the server guards page routes with the same table, so they cannot disagree.
 */
export type NavRole = "root" | "admin";
/** The product edition decides whether licenses are purchased or activated. */
export type NavEdition = "public" | "private";

/** Who may open an item: everyone signed in, root only, or root only in the private edition. */
export type NavAccess = "all" | "root" | "rootInPrivate";

/** One sidebar entry; `match` lists the path prefixes that mark it as current. */
export interface NavItem {
  key: string;
  href: string;
  access: NavAccess;
  match: readonly string[];
}

/** A titled group of entries. */
export interface NavSection {
  key: string;
  items: readonly NavItem[];
}

const item = (key: string, href: string, access: NavAccess = "all", match: readonly string[] = [href]): NavItem => ({
  key,
  href,
  access,
  match,
});

/** The sidebar's full table before visibility rules; the licence entry depends on the edition. */
export function navigationTable(edition: NavEdition): readonly NavSection[] {
  return [
    { key: "dashboard", items: [item("dashboard", "/dashboard")] },
    {
      key: "users",
      items: [
        item("usersManage", "/users/manage", "all", ["/users"]),
        item("usersImport", "/users/import"),
        item("usersInvite", "/invites"),
      ],
    },
    {
      key: "licenses",
      items: [
        item("licensesStatus", "/licenses"),
        edition === "public" ? item("licensesPurchase", "/purchase") : item("licensesActivate", "/purchase", "rootInPrivate"),
      ],
    },
    {
      key: "manage",
      items: [
        item("administrators", "/admins/manage", "all", ["/admins"]),
        item("teams", "/teams"),
        item("domains", "/domains", "root"),
        item("associations", "/associations", "root"),
        item("accessLog", "/logs"),
      ],
    },
    {
      key: "settings",
      items: [item("settingsGeneral", "/settings", "root"), item("settingsApps", "/apps", "root")],
    },
  ];
}

/** Whether a role may see and use something with the given access rule. */
export function canAccess(access: NavAccess, role: NavRole, edition: NavEdition): boolean {
  if (access === "all") return true;
  if (access === "root") return role === "root";
  return edition === "public" || role === "root";
}

/** The sections a signed-in admin sees; sections left empty disappear. */
export function visibleNavigation(role: NavRole, edition: NavEdition): NavSection[] {
  return navigationTable(edition)
    .map((section) => ({ ...section, items: section.items.filter((i) => canAccess(i.access, role, edition)) }))
    .filter((section) => section.items.length > 0);
}

/** The entry a path belongs to, for highlighting and for the page guard: the longest matching prefix wins (/users/import is Import, not Manage's /users). */
export function navItemForPath(path: string, edition: NavEdition): NavItem | undefined {
  let best: { item: NavItem; length: number } | undefined;
  for (const item of navigationTable(edition).flatMap((s) => s.items)) {
    for (const m of item.match) {
      if ((path === m || path.startsWith(`${m}/`)) && m.length > (best?.length ?? -1)) best = { item, length: m.length };
    }
  }
  return best?.item;
}
