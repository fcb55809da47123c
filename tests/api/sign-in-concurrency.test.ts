import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApiServer } from '../../src/server/api-server';
import { SIGN_IN_BUSY } from '../../src/server/auth/password-check-gate';
import { SIGN_IN_LIMIT, TOO_MANY_FAILURES } from '../../src/server/auth/sign-in-throttle';
import { openStorage } from '../../src/server/storage';
import { PASSWORD_COST } from '../../src/server/auth/passwords';
import { describeEachDatabase } from './databases';
import { AUTH_SECRET, jsonOf, OPERATOR, useApi } from './harness';

const WRONG = 'not the password';

function login(app: FastifyInstance, email: string, password: string, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

/** A distinct client address per request number (10.1.x.y). */
const addressOf = (n: number) => `10.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;

describeEachDatabase('sign-in limits under concurrency', (database) => {
  // Room for every concurrent sign-in to wait for a hash: here the database reservation alone must hold.
  const api = useApi(database, undefined, { passwordCheckLimit: { concurrent: 2, queued: 500 }, passwordCost: PASSWORD_COST });

  it(`checks at most ${SIGN_IN_LIMIT.failures} passwords of 100 sent at once for one e-mail, over two servers; the rest get 429`, async () => {
    // A second server with its own connection to the same database, as a second machine behind a load balancer.
    const secondStorage = await openStorage(api.databaseOptions);
    const second = await buildApiServer({
      registry: api.registry,
      storage: secondStorage,
      authSecret: AUTH_SECRET,
      passwordCheckLimit: { concurrent: 2, queued: 500 },
    });
    try {
      const address = '10.0.0.7';
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          login(i % 2 ? second : api.app, OPERATOR.email, i === 99 ? OPERATOR.password : WRONG, address),
        ),
      );
      const checked = answers.filter((answer) => answer.statusCode === 401 || answer.statusCode === 200);
      const refused = answers.filter((answer) => answer.statusCode === 429);
      expect(checked.length).toBeGreaterThanOrEqual(1);
      expect(checked.length).toBeLessThanOrEqual(SIGN_IN_LIMIT.failures);
      expect(refused.length).toBe(100 - checked.length);
      for (const answer of refused) {
        expect(jsonOf(answer)).toEqual({ msg: TOO_MANY_FAILURES });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      // The account stays closed to this address, the right password included, for the rest of the minute.
      expect((await login(api.app, OPERATOR.email, OPERATOR.password, address)).statusCode).toBe(429);
    } finally {
      await second.close();
      await secondStorage.close();
    }
  }, 120_000);

  it('limits failed checks per address whatever the e-mails, and a success does not use the allowance up', async () => {
    const limit = { ...SIGN_IN_LIMIT, perAddress: 2 };
    const app = await buildApiServer({
      registry: api.registry,
      storage: api.storage,
      authSecret: AUTH_SECRET,
      signInLimit: limit,
    });
    try {
      const address = '10.0.0.8';
      for (let i = 0; i < 3; i++)
        expect((await login(app, OPERATOR.email, OPERATOR.password, address)).statusCode).toBe(200);
      for (let i = 0; i < limit.perAddress; i++)
        expect((await login(app, `nobody${i}@alfadiesel.test`, WRONG, address)).statusCode).toBe(401);
      const refused = await login(app, 'nobody-else@alfadiesel.test', WRONG, address);
      expect(refused.statusCode).toBe(429);
      expect(jsonOf(refused)).toEqual({ msg: TOO_MANY_FAILURES });
      expect((await login(app, OPERATOR.email, OPERATOR.password, address)).statusCode).toBe(429);
      expect((await login(app, 'nobody-else@alfadiesel.test', WRONG, '10.0.0.9')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  }, 120_000);
});

describeEachDatabase('a flood of sign-ins with random e-mails', (database) => {
  const api = useApi(database, undefined, { passwordCost: PASSWORD_COST });

  /** A signed-in request, timed from sending to its answer. */
  async function probe() {
    const start = performance.now();
    const answer = await api.post('/api/common/getbillno', { billtype: 'invoice' });
    const end = performance.now();
    expect(answer.statusCode).toBe(200);
    return { end, ms: end - start };
  }

  it('refuses the excess at once and leaves signed-in requests answering while passwords are checked', async () => {
    const idle = await probe();
    const finished: { status: number; end: number; msg: unknown }[] = [];
    const flood = Array.from({ length: 200 }, (_, i) =>
      login(api.app, `random${i}.${Math.random().toString(36).slice(2)}@example.test`, WRONG, addressOf(i)).then(
        (answer) => finished.push({ status: answer.statusCode, end: performance.now(), msg: jsonOf(answer).msg }),
      ),
    );
    // The flood is under way once its first answer is back (a refusal, or the first checked password).
    await Promise.race(flood);
    const during = await probe();
    await Promise.all(flood);

    const checked = finished.filter((answer) => answer.status === 401).sort((a, b) => a.end - b.end);
    const busy = finished.filter((answer) => answer.status === 429);
    expect(checked.length + busy.length).toBe(200);
    expect(new Set(busy.map((answer) => answer.msg))).toEqual(new Set([SIGN_IN_BUSY]));
    expect(busy.length).toBeGreaterThan(150);
    /*
     * Not a timed assertion (the 2-core CI machine runs other suites beside this one): an order. Unbounded,
     * the flood's 200 hashes fill libuv's thread pool ahead of the probe's token signature check, so the probe
     * comes back after nearly all of them; bounded, threads stay free and it comes back before half of the
     * admitted hashes are done. The times are printed for the record (issue 20's target: <= 200 ms).
     */
    expect(during.end).toBeLessThan(checked[Math.floor(checked.length / 2)].end);
    console.info(
      `[${database.name}] signed-in getbillno: idle ${idle.ms.toFixed(1)} ms, during 200 sign-ins ${during.ms.toFixed(1)} ms; ` +
        `${checked.length} passwords checked, ${busy.length} refused at once`,
    );
  }, 120_000);
});
