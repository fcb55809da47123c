import { configFromEnv } from '../config';
import { privateByDefault } from '../data-dir';
import { runOperatorCli } from './operator-commands';

/** The `npm run operator` entry point: the commands run on the server's DATA_DIR or DATABASE_URL. */
privateByDefault();
const config = configFromEnv();
runOperatorCli(process.argv.slice(2), { databaseUrl: config.databaseUrl, dataDir: config.dataDir }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
