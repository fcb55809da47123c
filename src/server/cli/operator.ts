import { configFromEnv } from '../config';
import { privateByDefault } from '../data-dir';
import { runOperatorCli } from './operator-commands';

/** The `npm run operator` entry point: the commands run on the server's DATA_DIR or DATABASE_URL. */
privateByDefault();
const config = configFromEnv();
const { databaseUrl, dataDir, auditKey, auditKeyFile } = config;
runOperatorCli(process.argv.slice(2), { databaseUrl, dataDir, auditKey, auditKeyFile }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
