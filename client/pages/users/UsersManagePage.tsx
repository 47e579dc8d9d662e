import { Island } from "../../components/Island";
import { UsersTable, type UsersTableProps } from "../../islands/UsersTable";

/** Namespaces the users islands read in the browser. */
export const USERS_ISLAND_NAMESPACES = ["users", "validation"] as const;

/**
 * /users/manage: the first page of users rendered on the server inside the UsersTable island,
 * which takes over search, filters, sorting, paging and bulk actions in the browser.
 */
export function UsersManagePage(props: UsersTableProps) {
  return (
    <div className="users-page">
      <Island name="UsersTable" component={UsersTable} props={props} namespaces={USERS_ISLAND_NAMESPACES} />
    </div>
  );
}
