// `npm run restore -- --from DIR [--force]`: see scripts/restoreCli.ts and README "Backup and restore".
import { runRestoreCli } from "./restoreCli";

process.exitCode = await runRestoreCli(process.argv.slice(2));
