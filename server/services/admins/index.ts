/** Admin accounts: create, edit, block, delete, team assignments, unlock, the admin's own profile, and the first root admin. */
export { activateAdmin, blockAdmin, createAdmin, deleteAdmin, updateAdmin } from "./accounts";
export { type AdminProfileView, type AdminRecord, listScopeTeams, readAdmin, readAdminProfile, type TeamRef } from "./directory";
export { listAdmins } from "./list";
export { changeMyPassword, loadMyProfile, terminateMyAccount, updateMyProfile } from "./profile";
export { ensureRootAdmin } from "./rootAdmin";
export { setAdminTeams } from "./teams";
export { unlockAdmin } from "./unlock";
