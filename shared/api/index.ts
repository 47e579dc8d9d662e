/**
 * The typed API client (DESIGN §1 `shared/api`): `createApiClient`, its `ApiError`, and the
 * response shapes. Islands and the CLI import from here only.
 */
export { createApiClient } from "./client";
export { createTransport, parseRetryAfter, RawBody } from "./transport";
export type { Call, Method } from "./transport";
export type { ApiClient, ApiClientOptions } from "./client";
export { ApiError, isApiError, readErrorEnvelope } from "./errors";
export type { ApiErrorInit } from "./errors";
export * from "./responses";
export * from "./teams";
export * from "./admins";
export * from "./users";
export * from "./licenses";
export * from "./domains";
export * from "./invites";
export * from "./logs";
export * from "./export";
export * from "./userImport";
export * from "./tokens";
export * from "./service";
export * from "./settings";
export * from "./mfa";
