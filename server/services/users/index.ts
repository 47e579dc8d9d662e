/** End users and their devices: accounts, list, details, bulk actions, device wipe and reports, passwords and reset, CSV import. */
export { createUser, updateUser } from "./accounts";
export { bulkUserAction, type UserBulkAction, type UserBulkSelection } from "./bulk";
export { reviewBulkUserAction } from "./bulkReview";
export { loadUserDetails, type UserDeviceRow, type UserRecord } from "./details";
export { acknowledgeWipe, listPendingWipes, reportDevice, reportDeviceIn } from "./deviceReports";
export { deleteDevice, requestDeviceWipe } from "./devices";
export { applyImport, importResults, previewImport, readImport } from "./import";
export { pruneImports } from "./import/retention";
export { listUsers, type UserListPage, type UserListRow } from "./list";
export { setUserPasswordByToken } from "./passwords";
export { sendUserPasswordReset, serviceHost } from "./reset";
export { isoOrNull, takenNames } from "./shared";
