/** The OpenAPI document of /v2, generated from the router (see document.ts). */
export { buildOpenApi } from "./document";
export type { OpenApiDocument } from "./document";
