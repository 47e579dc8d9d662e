/** The newest modification time among the build's inputs, in epoch ms. */
export function newestSourceTime(root: string): number;
