/** The periodic clean-up: expired tokens, sessions, invitations, imports, access-log entries past retention, license reminders. */
export { startHousekeeping } from "./schedule";
