// `npm run backup -- --to DIR`: see scripts/backupCli.ts and README "Backup and restore".
import { runBackupCli } from "./backupCli";

process.exitCode = await runBackupCli(process.argv.slice(2));
