// `npm run migrate -- [--to N] [--dry-run]`: see scripts/migrateCli.ts and README "Upgrading".
import { runMigrateCli } from "./migrateCli";

process.exitCode = await runMigrateCli(process.argv.slice(2));
