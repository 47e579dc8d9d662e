/** What `packCli` produced: the tarball and the bundle inside its staging directory. */
export interface PackedCli {
  tarball: string;
  bundle: string;
}

/** Packs the single-file CLI into dist/bulwark-cli-<version>.tgz (scripts/pack-cli.mjs). */
export function packCli(options?: { quiet?: boolean; outDir?: string }): Promise<PackedCli>;
