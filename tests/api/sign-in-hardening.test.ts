import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { buildApiServer } from '../../src/server/api-server';
import { hashPassword, PASSWORD_COST, verifyPassword } from '../../src/server/auth/passwords';
import { SIGN_IN_LIMIT, signInThrottle, TOO_MANY_FAILURES } from '../../src/server/auth/sign-in-throttle';
import { loadRegistry } from '../../src/server/schema-files';
import { openStorage } from '../../src/server/storage';
import { describeEachDatabase, TEST_DATABASES } from './databases';
import { AUTH_SECRET, jsonOf, OPERATOR, TEST_PASSWORD_COST, useApi, type Api } from './harness';

const WRONG = 'not the password';

function login(api: Api, email: string, password: string, remoteAddress = '127.0.0.1') {
  return api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

/**
 * Records failures as the login route does (a reserved check that never succeeds), without hashing a wrong
 * password each time (scrypt is slow on purpose): all but the last of `count`, which goes through the route.
 */
async function fail(api: Api, count: number, remoteAddress = '127.0.0.1') {
  const throttle = signInThrottle(api.storage.signInFailures);
  for (let i = 1; i < count; i++) await throttle.reserve(OPERATOR.email, remoteAddress);
  expect((await login(api, OPERATOR.email, WRONG, remoteAddress)).statusCode).toBe(401);
}

describeEachDatabase('sign-in throttling (per e-mail and address, shared through the database)', (database) => {
  const api = useApi(database);

  it(`answers 429 {msg} after ${SIGN_IN_LIMIT.failures} failures in a minute, even to the right password`, async () => {
    await fail(api, SIGN_IN_LIMIT.failures - 1);
    expect((await login(api, OPERATOR.email, WRONG)).statusCode).toBe(401);
    const throttled = await login(api, OPERATOR.email, OPERATOR.password);
    expect(throttled.statusCode).toBe(429);
    expect(jsonOf(throttled)).toEqual({ msg: TOO_MANY_FAILURES });
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The address differs in case and spacing only: the same account.
    expect((await login(api, ` ${OPERATOR.email.toUpperCase()} `, OPERATOR.password)).statusCode).toBe(429);

    // Another address may still sign in to the account, and this address to another account.
    expect((await login(api, OPERATOR.email, OPERATOR.password, '10.0.0.2')).statusCode).toBe(200);
    expect((await login(api, 'someone@alfadiesel.test', WRONG)).statusCode).toBe(401);
  });

  it('counts in the database, so a second server on it refuses too', async () => {
    const second = await buildApiServer({ registry: api.registry, storage: api.storage, authSecret: AUTH_SECRET });
    try {
      const answer = await second.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: OPERATOR.email, password: OPERATOR.password },
      });
      expect(answer.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('lets the account try again once its failures are older than the window', async () => {
    const limit = { ...SIGN_IN_LIMIT, failures: 3, windowMs: 1_500 };
    const address = '10.0.0.9';
    const shortWindow = await buildApiServer({
      registry: api.registry,
      storage: api.storage,
      authSecret: AUTH_SECRET,
      signInLimit: limit,
    });
    const attempt = () =>
      shortWindow.inject({ method: 'POST', url: '/api/auth/login', payload: OPERATOR, remoteAddress: address });
    try {
      const throttle = signInThrottle(api.storage.signInFailures, limit);
      for (let i = 0; i < limit.failures; i++) await throttle.reserve(OPERATOR.email, address);
      expect((await attempt()).statusCode).toBe(429);
      await sleep(limit.windowMs + 100);
      expect((await attempt()).statusCode).toBe(200);
    } finally {
      await shortWindow.close();
    }
  });

  it('forgets the failures of an account once it signs in', async () => {
    const address = '10.0.0.3';
    await fail(api, SIGN_IN_LIMIT.failures - 1, address);
    expect((await login(api, OPERATOR.email, OPERATOR.password, address)).statusCode).toBe(200);
    await fail(api, SIGN_IN_LIMIT.failures - 1, address);
    expect((await login(api, OPERATOR.email, OPERATOR.password, address)).statusCode).toBe(200);
  });
});

it('hashes passwords with a salt per operator: the same password gives different hashes', async () => {
  const [first, second] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
  expect(first).not.toBe(second);
  const salt = (hash: string) => hash.split('$')[4];
  expect(salt(first)).not.toBe(salt(second));
  expect(first).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
  expect(await verifyPassword('same password', first)).toBe(true);
  expect(await verifyPassword('same password', second)).toBe(true);
  expect(await verifyPassword('other password', first)).toBe(false);
});

it('hashes the passwords set through the API at PASSWORD_COST unless the server is given another cost', async () => {
  const registry = loadRegistry();
  const scratch = await TEST_DATABASES[0].create();
  const storage = await openStorage({ ...scratch.options, registry });
  const app = await buildApiServer({ registry, storage, authSecret: AUTH_SECRET });
  try {
    await storage.operators.add(OPERATOR.email, await hashPassword(OPERATOR.password, TEST_PASSWORD_COST));
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: OPERATOR });
    const added = await app.inject({
      method: 'POST',
      url: '/api/common/addoperator',
      headers: { authorization: `Bearer ${jsonOf(login).authToken}` },
      payload: { email: 'clerk@alfadiesel.test', role: 'operator', units: null, password: 'first password 1' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const stored = await storage.operators.byEmail('clerk@alfadiesel.test');
    expect(stored!.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(PASSWORD_COST).toEqual({ N: 2 ** 15, r: 8, p: 3 });
  } finally {
    await app.close();
    await storage.close();
    await scratch.dispose();
  }
});
