/**
 * The domain white-list rule: when a team has domains, a user's e-mail username must
 * be in one of them. One definition for the server (user creation, moves, the /domains count)
 * and the console, so the count an admin sees is the rule the server enforces.
 */

/**
 * The domain of an e-mail username (the part after its last `@`, lowercased), or null for a
 * handle. A username is an e-mail address exactly when it contains `@`; the server's SQL count
 * of users outside a white-list uses the same test (`username LIKE '%@' || domain`).
 */
export function emailDomainOf(username: string): string | null {
  const at = username.lastIndexOf("@");
  return at < 0 ? null : username.slice(at + 1).toLowerCase();
}

/**
 * Whether a username may belong to a team with these domains: always when the team has none
 * or the username is a handle; otherwise its e-mail domain must be one of them, exactly
 * (a subdomain is another domain and must be listed itself).
 */
export function usernameAllowed(username: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const domain = emailDomainOf(username);
  return domain === null || domains.includes(domain);
}
