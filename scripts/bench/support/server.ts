/**
 * The real server (src/server/main.ts) in a child process on SQLite in a scratch DATA_DIR, as the API
 * tests start it, with an operator signed in over the API.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../../../tests/api/processes';
import { defaultAuditKeyFile } from '../../../src/server/storage/audit-key';

export interface BenchServer {
  url: string;
  /** The server's own process, for a signal (support/cpu-profiler.mjs starts its profile at SIGUSR2). */
  pid: number;
  dataDir: string;
  /** Who is signed in (seeded at the first start on `dataDir`). */
  operator: { email: string; password: string };
  token: string;
  /** POST with the operator's token, to the end of the answer's body; throws on an answer that is not 2xx. */
  post(path: string, body: object): Promise<string>;
  postJson<T>(path: string, body: object): Promise<T>;
  stop(): Promise<void>;
  /** Stops the server and leaves its data directory (and audit key) for another start on it. */
  stopKeepingData(): Promise<void>;
}

/** A server on a new scratch data directory, or on the one an earlier bench server left (`reuse`), signed in as its operator. */
export async function startBenchServer(env: NodeJS.ProcessEnv = {}, reuse?: Pick<BenchServer, 'dataDir' | 'operator'>): Promise<BenchServer> {
  const dataDir = reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'billing-bench-'));
  const operator = reuse?.operator ?? { email: 'bench@alfadiesel.test', password: randomBytes(12).toString('base64url') };
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    OPERATOR_EMAIL: operator.email,
    OPERATOR_PASSWORD: operator.password,
    ...env,
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    // The audit key the server made beside (not in) its data directory.
    rmSync(defaultAuditKeyFile(dataDir), { force: true });
  };
  const send = (path: string, body: object, token?: string) =>
    fetch(new URL(path, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const post = async (path: string, body: object, token?: string) => {
    // A kept-alive connection the server closed as idle (after 5 s) fails before any answer: sent once more
    // on a new one. The bench's posts read or sign in, so sending again changes nothing.
    const response = await send(path, body, token).catch((error: unknown) => {
      if (error instanceof TypeError) return send(path, body, token);
      throw error;
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
    return text;
  };
  try {
    const { authToken } = JSON.parse(await post('/api/auth/login', operator)) as { authToken: string };
    return {
      url: server.url,
      pid: server.pid,
      dataDir,
      operator,
      token: authToken,
      post: (path, body) => post(path, body, authToken),
      postJson: async <T>(path: string, body: object) => JSON.parse(await post(path, body, authToken)) as T,
      stop,
      stopKeepingData: async () => void (await server.stop()),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
