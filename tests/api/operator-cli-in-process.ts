import { runOperatorCli } from '../../src/server/cli/operator-commands';
import type { DatabaseOptions } from '../../src/server/storage';
import type { Finished } from './processes';

/**
 * The operator CLI's commands run in this process, as `npm run operator` runs them, and answered as that process
 * would be: its exit code, what it printed, a new password read from the first line of `input` (as piped stdin
 * is). A process costs seconds to start; tests/api/operator-cli.test.ts starts real ones for the entry point.
 */
export async function operatorInProcess(args: string[], options: DatabaseOptions, input = ''): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  const code = await runOperatorCli(args, options, {
    log: (text) => (stdout += `${text}\n`),
    error: (text) => (stderr += `${text}\n`),
    password: async () => input.split(/\r?\n/)[0],
  });
  return { code, stdout, stderr };
}
