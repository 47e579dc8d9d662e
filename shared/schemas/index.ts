/**
 * Every request schema of the API, built from limits.ts (DESIGN §1 `shared/schemas`). Field rules
 * are under the `fields` namespace to keep generic names (`url`, `port`, `uid`) out of the root.
 */
export * as fields from "./primitives";
export { PasswordWithConfirmationSchema, passwordConfirmation, compareAppVersions, hasPasswordClasses } from "./primitives";
export * from "./messages";
export * from "./list";
export * from "./auth";
export * from "./admin";
export * from "./user";
export * from "./device";
export * from "./invite";
export * from "./license";
export * from "./association";
export * from "./domain";
export * from "./team";
export * from "./dashboard";
export * from "./settings";
export * from "./settingsDefaults";

export * from "./customSettings";
export * from "./service";
export * from "./userImport";
export * from "./userBulk";
export * from "./accessToken";
