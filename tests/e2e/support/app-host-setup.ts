/**
 * The e2e project's globalSetup: starts the run's app host (app-host.ts), the one server process every browser
 * file's app runs in, and gives the files its control address (useBrowserApp).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { HOST_READY_TEXT } from './hosted-app';
import { addressPrinted, ROOT } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The app host's control address; absent when a browser file runs outside the e2e project. */
    appHost?: string;
  }
}

const HOST_FILE = join(ROOT, 'tests/e2e/support/app-host.ts');
const START_TIMEOUT_MS = 60_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const host = spawn(process.execPath, ['--import', 'tsx', HOST_FILE], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => host.once('exit', () => resolve()));
  // An error no app caught is also in the failure of the file that stops its app (hosted-app.ts).
  host.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const url = await addressPrinted(host, new RegExp(`${HOST_READY_TEXT} (http://\\S+)`), START_TIMEOUT_MS, 'app host').catch(async (error: unknown) => {
    host.kill('SIGTERM');
    await exited;
    throw error;
  });
  project.provide('appHost', url);
  return async () => {
    host.kill('SIGTERM');
    await exited;
  };
}
