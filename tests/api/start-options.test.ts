import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv, startServer, type RunningServer } from '../../src/server/main';
import { TEST_PASSWORD_COST } from '../support/password-cost';

/**
 * startServer's options for a program that runs the server in its own process (the browser files' app host):
 * where its notes and request log go, and the cost of the passwords it sets. `npm start` gives none of them.
 */
const OPERATOR = { email: 'owner@alfadiesel.test', password: 'a long first password' };
const scratch = mkdtempSync(join(tmpdir(), 'billing-start-options-'));
const running: RunningServer[] = [];

async function started(name: string, logLevel: string, options: Parameters<typeof startServer>[1]): Promise<RunningServer> {
  const env = { DATA_DIR: join(scratch, name), PORT: '0', LOG_LEVEL: logLevel, OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password };
  const server = await startServer(configFromEnv(env), options);
  running.push(server);
  return server;
}

const firstOperatorHash = async (server: RunningServer) => (await server.storage.operators.byEmail(OPERATOR.email))!.passwordHash;

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  rmSync(scratch, { recursive: true, force: true });
});

describe('startServer in a program of its own', () => {
  it('prints its notes and logs its requests where it is told, and seeds the first operator at the cost given', async () => {
    const printed: string[] = [];
    const logged: string[] = [];
    const server = await started('given', 'info', {
      print: (line) => printed.push(line),
      logStream: { write: (line) => logged.push(line) },
      passwordCost: TEST_PASSWORD_COST,
    });
    expect(printed).toContain(`Created the first operator ${OPERATOR.email} (password from OPERATOR_PASSWORD).`);
    expect(printed.some((line) => line.startsWith(`Billing server on ${server.url} `))).toBe(true);

    const login = await fetch(new URL('/api/auth/login', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OPERATOR),
    });
    expect(login.status).toBe(200);
    const requests = logged.map((line) => JSON.parse(line) as { req?: { url?: string } });
    expect(requests.some((entry) => entry.req?.url === '/api/auth/login')).toBe(true);

    const { N, r, p } = TEST_PASSWORD_COST;
    expect(await firstOperatorHash(server)).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$`));
  });

  it("without options, the first operator's password is hashed at OWASP's cost, as npm start does", async () => {
    const server = await started('defaults', 'silent', { print: () => {} });
    expect(await firstOperatorHash(server)).toMatch(/^scrypt\$32768\$8\$3\$/);
  });
});
