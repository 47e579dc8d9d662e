/** The newest modification time among the build's inputs, in epoch ms. */
export function newestSourceTime(root: string): number;
/** The operations scripts built into dist/scripts/<name>.js. */
export const BUILT_SCRIPTS: readonly string[];
