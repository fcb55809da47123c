import { describe, expect, it } from 'vitest';
import { buildApiServer } from '../../src/server/api-server';
import { SIGN_IN_LIMIT } from '../../src/server/auth/sign-in-throttle';
import { configFromEnv, trustProxyFrom, type TrustProxy } from '../../src/server/config';
import { TEST_DATABASES } from './databases';
import { AUTH_SECRET, useApi } from './harness';

const WRONG = 'not the password';
const PROXY = '127.0.0.1';

describe('client addresses behind a reverse proxy (TRUST_PROXY)', () => {
  const api = useApi(TEST_DATABASES[0]);
  // Two failed checks per e-mail and address: the third tells whether the server took two addresses as one.
  const limit = { ...SIGN_IN_LIMIT, failures: 2 };

  async function server(trustProxy: TrustProxy) {
    return buildApiServer({
      registry: api.registry,
      storage: api.storage,
      authSecret: AUTH_SECRET,
      trustProxy,
      signInLimit: limit,
    });
  }

  /** A sign-in as the proxy forwards it: the client's own X-Forwarded-For, with the address the proxy saw appended. */
  const forwarded = (
    app: Awaited<ReturnType<typeof server>>,
    email: string,
    clientWrote: string,
    clientAddress: string,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: WRONG },
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `${clientWrote}, ${clientAddress}` },
    });

  it.each<[string, TrustProxy]>([
    ['TRUST_PROXY=1 (one hop)', 1],
    ['TRUST_PROXY=<the proxy address>', [PROXY]],
  ])('with %s, a client that writes a new X-Forwarded-For each guess is still one address', async (_, trust) => {
    const app = await server(trust);
    const email = `spoof-${typeof trust}@alfadiesel.test`;
    try {
      expect((await forwarded(app, email, '203.0.113.1', '198.51.100.7')).statusCode).toBe(401);
      expect((await forwarded(app, email, '203.0.113.2', '198.51.100.7')).statusCode).toBe(401);
      expect((await forwarded(app, email, '203.0.113.3', '198.51.100.7')).statusCode).toBe(429);
      // Another client behind the same proxy is another address.
      expect((await forwarded(app, email, '203.0.113.3', '198.51.100.8')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('with a list, hops from other addresses are not trusted: a client talking to the server directly is its socket', async () => {
    const app = await server(['10.9.9.9']);
    const email = 'direct@alfadiesel.test';
    try {
      expect((await forwarded(app, email, '203.0.113.1', '198.51.100.1')).statusCode).toBe(401);
      expect((await forwarded(app, email, '203.0.113.2', '198.51.100.2')).statusCode).toBe(401);
      expect((await forwarded(app, email, '203.0.113.3', '198.51.100.3')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses, and refuses anything else', () => {
    const trust = (value?: string) => configFromEnv({ TRUST_PROXY: value }).trustProxy;
    expect(trust(undefined)).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.2, 192.168.1.0/24 ,::1')).toEqual(['10.0.0.2', '192.168.1.0/24', '::1']);
    for (const bad of ['proxy.local', '10.0.0.2/33', '1.2.3', '10.0.0.1,', '99']) {
      expect(() => trustProxyFrom(bad)).toThrow(/TRUST_PROXY must be/);
    }
  });
});
