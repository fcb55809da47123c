import { join } from 'node:path';
import { startServerProcess, type ServerProcess } from '../../api/processes';
import { afterAll, beforeAll } from 'vitest';
import type { Storage } from '../../../src/server/storage';
import type { ScratchDatabase, TestDatabase } from '../../api/databases';
import { inspect } from './database-inspection';

export const STRESS_OPERATOR = { email: 'stress@alfadiesel.test', password: 'stress password 1' };

export const STRESS_AUTH_SECRET = new TextEncoder().encode('stress-secret-that-is-long-enough-0123456789');

export interface JsonAnswer {
  status: number;
  type: string;
  body: Buffer;
}

/** A real server process on a scratch database, signed in as STRESS_OPERATOR; restartable after a crash. */
export interface StressServer {
  process: ServerProcess;
  token: string;
  post(path: string, body: unknown): Promise<JsonAnswer>;
  /** Starts a fresh process on the same database (after crash() or stop()). */
  restart(): Promise<void>;
}

function envOf(scratch: ScratchDatabase): NodeJS.ProcessEnv {
  return {
    DATA_DIR: scratch.options.dataDir,
    DATABASE_URL: scratch.options.databaseUrl ?? '',
    OPERATOR_EMAIL: STRESS_OPERATOR.email,
    // The races below are one operator's many requests at once: the per-operator render limit would refuse them first.
    RENDERS_PER_OPERATOR: '1000',
    OPERATOR_PASSWORD: STRESS_OPERATOR.password,
    AUTH_SECRET: new TextDecoder().decode(STRESS_AUTH_SECRET),
    // No web app: every answer of these tests is the API's.
    WEB_ROOT: join(scratch.options.dataDir, 'no-web-app'),
    LOG_LEVEL: 'error',
  };
}

export async function postJson(url: string, path: string, body: unknown, token?: string): Promise<JsonAnswer> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: Buffer.from(await response.arrayBuffer()),
  };
}

export async function startStressServer(scratch: ScratchDatabase): Promise<StressServer> {
  const server = { token: '' } as StressServer;
  server.restart = async () => {
    server.process = await startServerProcess(envOf(scratch));
    const login = await postJson(server.process.url, '/api/auth/login', STRESS_OPERATOR);
    if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status} ${login.body}`);
    server.token = JSON.parse(login.body.toString()).authToken;
  };
  server.post = (path, body) => postJson(server.process.url, path, body, server.token);
  await server.restart();
  return server;
}

/** What a stress file works on: a scratch database, a server process on it, and direct storage access. */
export interface StressRig {
  scratch: ScratchDatabase;
  server: StressServer;
  storage: Storage;
}

/** Sets up a StressRig before the file's tests and tears it down after; read its fields inside tests. */
export function stressRigPerFile(database: TestDatabase): StressRig {
  const rig = {} as StressRig;
  beforeAll(async () => {
    rig.scratch = await database.create();
    rig.server = await startStressServer(rig.scratch);
    rig.storage = await inspect(rig.scratch);
  });
  afterAll(async () => {
    await rig.server?.process.stop();
    await rig.storage?.close();
    await rig.scratch?.dispose();
  });
  return rig;
}
