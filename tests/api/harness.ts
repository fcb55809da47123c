import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { BillType, Registry } from '../../src/engine/core';
import { buildApiServer, type ApiServerOptions } from '../../src/server/api-server';
import { hashPassword, type HashCost } from '../../src/server/auth/passwords';
import { loadRegistry } from '../../src/server/schema-files';
import { openStorage, type DatabaseOptions, type Storage } from '../../src/server/storage';
import { validPayload } from '../fixtures/payloads';
import { TEST_PASSWORD_COST } from '../support/password-cost';
import type { TestDatabase } from './databases';

export const OPERATOR = { email: 'operator@alfadiesel.test', password: 'correct horse battery' };
export const AUTH_SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-0123456789');

export type Body = Record<string, unknown>;

/** The server of one test file: the real app on a scratch database, called through fastify.inject. */
export interface Api {
  app: FastifyInstance;
  storage: Storage;
  /** Where the scratch database is, for a second connection (a CLI command, say). */
  databaseOptions: DatabaseOptions;
  registry: Registry;
  /** A valid token of OPERATOR. */
  token: string;
  post(path: string, body?: unknown, token?: string | null): Promise<LightMyRequestResponse>;
  get(path: string, token?: string | null): Promise<LightMyRequestResponse>;
  /** A create (or update) of a valid bill of this type; the answer is its PDF. */
  save(
    billType: BillType,
    billno: number,
    overrides?: Body,
    method?: 'create' | 'update',
  ): Promise<LightMyRequestResponse>;
}

/** Options a test may set on the app (a failing PDF renderer, a shorter sign-in window ...) and its report reader's worker. */
export type TestServerOptions = Partial<Omit<ApiServerOptions, 'registry' | 'storage' | 'authSecret'>> & Pick<DatabaseOptions, 'reportWorkerFile'>;

/**
 * How long a file's setup (beforeAll) may take: the api project's testTimeout (vitest.config.ts) rather than
 * vitest's 10 s hook default, which a busy CI machine exceeds on PostgreSQL (a fresh schema, then the seeding).
 */
export const SETUP_TIMEOUT = 30_000;

export { TEST_PASSWORD_COST };

/** OPERATOR's password hash at each cost, made once per worker process (every file, on each database, seeds OPERATOR). */
const operatorHashes = new Map<HashCost, Promise<string>>();
function operatorPasswordHash(cost: HashCost): Promise<string> {
  if (!operatorHashes.has(cost)) operatorHashes.set(cost, hashPassword(OPERATOR.password, cost));
  return operatorHashes.get(cost)!;
}

/** Starts the app on a fresh database before the file's tests and stops it after. */
export function useApi(
  database: TestDatabase,
  registry: Registry = loadRegistry(),
  serverOptions: TestServerOptions = {},
): Api {
  const api = { registry } as Api;
  let dispose = async () => {};

  beforeAll(async () => {
    const scratch = await database.create();
    const { reportWorkerFile, passwordCost = TEST_PASSWORD_COST, ...appOptions } = serverOptions;
    const storage = await openStorage({ ...scratch.options, registry, reportWorkerFile });
    await storage.operators.add(OPERATOR.email, await operatorPasswordHash(passwordCost));
    const app = await buildApiServer({ ...appOptions, passwordCost, registry, storage, authSecret: AUTH_SECRET });
    dispose = async () => {
      await app.close();
      await storage.close();
      await scratch.dispose();
    };
    const headers = (token: string | null | undefined) => (token ? { authorization: `Bearer ${token}` } : {});
    Object.assign(api, {
      app,
      storage,
      databaseOptions: scratch.options,
      post: (url: string, body?: unknown, token: string | null = api.token) =>
        app.inject({
          method: 'POST',
          url,
          headers: headers(token),
          ...(body === undefined ? {} : { payload: body as object }),
        }),
      get: (url: string, token: string | null = api.token) =>
        app.inject({ method: 'GET', url, headers: headers(token) }),
      save: (billType: BillType, billno: number, overrides: Body = {}, method = 'create') =>
        api.post(billType.createPath, {
          method,
          type: billType.type,
          ...validPayload(billType, 2, { invoiceno: billno, ...overrides }),
        }),
    });
    const login = await api.post('/api/auth/login', OPERATOR, null);
    api.token = login.json().authToken;
  }, SETUP_TIMEOUT);

  afterAll(() => dispose());
  return api;
}

/** Parses a JSON answer; fails with the body when it is not JSON. */
export function jsonOf(response: LightMyRequestResponse): any {
  try {
    return JSON.parse(response.body);
  } catch {
    throw new Error(
      `Not JSON (${response.statusCode} ${response.headers['content-type']}): ${response.body.slice(0, 200)}`,
    );
  }
}
