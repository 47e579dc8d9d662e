// `npm run seed -- --users 100000 [--teams 50] [--database-url …] [--append]`: demo data.
// The logic lives in server/services/seed (type-checked, shared with the benchmark and tests).
import { runSeedCli } from "./lib/seedCli";

process.exitCode = await runSeedCli(process.argv.slice(2));
