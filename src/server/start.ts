import { SchemaError } from '../engine/core';
import { runFromEnv } from './main';

/**
 * `npm start`'s server (scripts/start.mjs runs it once dist/ is built): configured from the environment. A schema
 * mistake is the maintainer's to fix: its message names the file, a stack trace would bury it.
 */
export async function startFromEnv(): Promise<void> {
  try {
    await runFromEnv();
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
