/**
 * The e2e project's globalSetup: starts the run's app host (app-host.ts), the one server process every browser
 * file's app runs in, and gives the files its control address (useBrowserApp).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { HOST_READY_TEXT } from './hosted-app';
import { ROOT } from './server';

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
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The app host did not start:\n${output}`)), START_TIMEOUT_MS);
    const ready = new RegExp(`${HOST_READY_TEXT} (http://\\S+)`);
    host.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    // An error no app caught is also in the failure of the file that stops its app (hosted-app.ts).
    host.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    void exited.then(() => reject(new Error(`The app host exited:\n${output}`)));
  });
  project.provide('appHost', url);
  return async () => {
    host.kill('SIGTERM');
    await exited;
  };
}
