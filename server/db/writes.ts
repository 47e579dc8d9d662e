/**
 * A process-wide generation of the data the user list counts: bumped by every statement that
 * may change users, their devices, their aliases or teams (and by any raw statement), whoever
 * issues it (services, the seed, tests' factories), since it is a plugin of every Kysely
 * instance (connection.ts). Short-lived caches of derived figures (the user list's `total`)
 * key on it, so a write in this process is seen by the next read at once; writes by other
 * processes are bounded by the caches' lifetime only.
 */
import { TableNode, type OperationNode } from "kysely";
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";

const TRACKED = new Set(["users", "devices", "userAliases", "user_aliases", "teams"]);

let generation = 0;

/** The current generation; changes whenever tracked data may have changed. */
export function userDataGeneration(): number {
  return generation;
}

/** Whether a table operand is tracked (anything but a plain table, e.g. an alias, counts). */
function tracked(node: OperationNode): boolean {
  return !TableNode.is(node) || TRACKED.has(node.table.identifier.name);
}

/** Whether a statement may change tracked data (null: unknown, treat as tracked). */
function touchesTracked(node: RootOperationNode): boolean {
  switch (node.kind) {
    case "SelectQueryNode":
      return false;
    case "InsertQueryNode":
      return TRACKED.has(node.into?.table.identifier.name ?? "");
    case "UpdateQueryNode": {
      return node.table === undefined || tracked(node.table);
    }
    case "DeleteQueryNode":
      return node.from.froms.some(tracked);
    case "CreateTableNode":
    case "CreateIndexNode":
      return false;
    default:
      // Raw SQL, MERGE, DDL and the rest: cannot tell, so count them as writes.
      return true;
  }
}

/** Bumps the generation before and after each write to a tracked table. */
export class WriteGenerationPlugin implements KyselyPlugin {
  readonly #writes = new WeakSet<object>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (touchesTracked(args.node)) {
      generation++;
      this.#writes.add(args.queryId);
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(args.queryId)) generation++;
    return Promise.resolve(args.result);
  }
}
