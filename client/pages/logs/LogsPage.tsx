import { Island } from "../../components/Island";
import { LogsTable, type LogsTableProps } from "../../islands/LogsTable";

/** Namespaces the access-log island reads in the browser. */
export const LOGS_ISLAND_NAMESPACES = ["logs", "validation"] as const;

/**
 * /logs (Manage → Access log): the first page of the access log rendered on the server inside
 * the LogsTable island, which takes over filtering and paging in the browser.
 */
export function LogsPage(props: LogsTableProps) {
  return (
    <div className="logs-page">
      <Island name="LogsTable" component={LogsTable} props={props} namespaces={LOGS_ISLAND_NAMESPACES} />
    </div>
  );
}
