/** Builds the client and the server into dist/. */
export function buildAll(options?: { quiet?: boolean }): Promise<void>;
