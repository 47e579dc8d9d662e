/** Who is calling and what they may touch: the signed-in admin and their scope (root, or their teams), which every service takes. */
export { actorOf, isRootScope, loadScope, requireRoot, type Scope, scopedTeamIds, teamIdsKey, teamInScope } from "./scope";
export { findSessionAdmin, sessionAdminOf, type SessionAdmin } from "./sessionAdmin";
