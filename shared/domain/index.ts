/** Domain vocabularies and rules shared by server, client and CLI (DESIGN §1 `shared/domain`). */
export * from "./roles";
export * from "./editions";
export * from "./platforms";
export * from "./statuses";
export * from "./licenses";
export * from "./timeGroups";
export * from "./domains";
