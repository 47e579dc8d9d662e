/**
 * CLI exit codes (DESIGN §8, §9). Scripts and CI branch on these numbers, so they are a
 * documented, permanent contract: never renumber.
 *
 * | code | name           | when                                                        |
 * | ---- | -------------- | ----------------------------------------------------------- |
 * | 0    | ok             | success and info messages                                   |
 * | 1    | unknown        | anything not classified below (`unknown`, unlisted statuses) |
 * | 2    | usage          | bad command line (raised by the CLI itself, `noUserSelected`)|
 * | 3    | authentication | 401, every sign-in failure, a wrong password on re-auth     |
 * | 4    | permission     | 403                                                         |
 * | 5    | notFound       | 404                                                         |
 * | 6    | conflict       | 409, 410                                                    |
 * | 7    | validation     | 400, 422, 502 (the server rejected the input)               |
 * | 8    | server         | 5xx incl. 500, 501, 504, 509                                 |
 * | 9    | network        | `net`, 408, a script load failure                           |
 * | 10   | partial        | a bulk command where some items failed                      |
 * | 11   | invalidToken   | a license activation token that is not valid (any reason)   |
 * | 12   | unavailable    | temporarily unavailable, try later (429, 503 after retries) |
 * | 13   | changesPending | a `--dry-run` that would change something (like `diff`)     |
 */
export const EXIT_CODES = {
  ok: 0,
  unknown: 1,
  usage: 2,
  authentication: 3,
  permission: 4,
  notFound: 5,
  conflict: 6,
  validation: 7,
  server: 8,
  network: 9,
  partial: 10,
  invalidToken: 11,
  unavailable: 12,
  changesPending: 13,
} as const;

/** One of the documented exit codes. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/**
 * The exit code a status implies when an entry does not override it; 0 means "no HTTP
 * response", which alone says nothing (network entries override it explicitly).
 */
export function exitCodeForStatus(status: number): ExitCode {
  if (status >= 200 && status < 300) return EXIT_CODES.ok;
  switch (status) {
    case 401:
      return EXIT_CODES.authentication;
    case 403:
      return EXIT_CODES.permission;
    case 404:
      return EXIT_CODES.notFound;
    case 409:
    case 410:
      return EXIT_CODES.conflict;
    case 400:
    case 422:
    case 502:
      return EXIT_CODES.validation;
    case 408:
      return EXIT_CODES.network;
    case 429:
    case 503:
      return EXIT_CODES.unavailable;
  }
  if (status >= 500 && status < 600) return EXIT_CODES.server;
  return EXIT_CODES.unknown;
}
