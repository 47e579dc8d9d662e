// `npm run license:mint -- --key vendor.pem --count 100 --term 12m [--team acme]`: prints a signed
// activation token alone on stdout. The logic lives in server/services/licenses/mint.ts.
import { runMint } from "./lib/licenseMint";

process.exitCode = runMint(
  process.argv.slice(2),
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
);
