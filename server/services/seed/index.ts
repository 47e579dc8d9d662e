/** Demo and benchmark data: teams, admins, users and devices generated in bulk. */
export { seedDatabase, SeedRefusedError } from "./seed";
export { FIRST_NAMES, LAST_NAMES } from "./data";
