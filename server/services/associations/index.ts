/** Associations between teams: create, edit, delete, list, and the communication policy the service asks for. */
export { decidePolicy } from "./policy";
export { listAssociations, readAssociation, type Association } from "./query";
export { createAssociation, deleteAssociation, updateAssociation } from "./manage";
