import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { defaultAuditKeyFile } from '../../../src/server/storage/audit-key';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * `npm start`'s entry, with plain node: builds what is stale (tests/support/built-app.ts has built it all before
 * the suite), then runs the compiled server.
 */
const START_ENTRY = 'scripts/start.mjs';
/** Long enough for start.mjs to build the web app first on a cold checkout. */
const START_TIMEOUT_MS = 150_000;
const STOP_TIMEOUT_MS = 10_000;

/** The real server on a free port with a scratch DATA_DIR and one operator: its own process or the app host's. */
export interface RunningApp {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  operator: { email: string; password: string };
  /** Everything the server printed and logged so far (for failure messages). */
  output(): Promise<string>;
  /** Stops the process (and its children) and removes the DATA_DIR. */
  stop(): Promise<void>;
}

/** A test app's scratch data directory and operator, the server settings that say so, and how to remove the data. */
export function scratchApp() {
  const dataDir = mkdtempSync(join(tmpdir(), 'billing-e2e-'));
  const operator = { email: 'operator@alfadiesel.test', password: `pw-${randomBytes(9).toString('base64url')}` };
  const settings = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    OPERATOR_EMAIL: operator.email,
    OPERATOR_PASSWORD: operator.password,
    LOG_LEVEL: 'warn',
  };
  const removeData = () => {
    rmSync(dataDir, { recursive: true, force: true });
    // The audit key the server made beside (not in) its data directory.
    rmSync(defaultAuditKeyFile(dataDir), { force: true });
  };
  return { dataDir, operator, settings, removeData };
}

/**
 * The address a starting process prints (the first group of `printed`), all it prints also handed to `heard`.
 * Rejects, with what it printed, when it exits first or is not ready within `timeoutMs`; stopping it is the caller's.
 */
export function addressPrinted(
  child: ChildProcessByStdio<null, Readable, Readable>,
  printed: RegExp,
  timeoutMs: number,
  name: string,
  heard: (text: string) => void = () => {},
): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`${why}\n--- the ${name}'s output ---\n${output}`));
    };
    const timer = setTimeout(() => fail(`The ${name} did not start within ${timeoutMs / 1000} s.`), timeoutMs);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      heard(text);
      const found = printed.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', () => fail(`The ${name} exited while starting.`));
  });
}

/**
 * Starts `npm start`'s entry the way an operator would, on PORT=0 (the OS picks a free port, which the
 * server prints), in its own process group so stop() ends it and any build it started.
 */
export async function startApp(env: NodeJS.ProcessEnv = {}): Promise<RunningApp> {
  const { dataDir, operator, settings, removeData } = scratchApp();
  const child = spawn(process.execPath, [START_ENTRY], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...settings, ...env },
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const stop = async () => {
    signalGroup('SIGTERM');
    const timer = setTimeout(() => signalGroup('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
    removeData();
  };

  const url = await addressPrinted(child, /Billing server on (http:\/\/\S+)/, START_TIMEOUT_MS, 'server', (text) => (output += text)).catch(
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );

  return { url, dataDir, operator, output: async () => output, stop };
}
