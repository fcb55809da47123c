import { describe, expect, it } from 'vitest';
import { buildApiServer } from '../../src/server/api-server';
import type { TrustProxy } from '../../src/server/config';
import { TEST_DATABASES } from './databases';
import { AUTH_SECRET, useApi } from './harness';

const HSTS = 'max-age=31536000; includeSubDomains';

describe('Strict-Transport-Security only over HTTPS (issue 25)', () => {
  const api = useApi(TEST_DATABASES[0]);

  async function answer(trustProxy: TrustProxy, forwardedProto?: string) {
    const app = await buildApiServer({ registry: api.registry, storage: api.storage, authSecret: AUTH_SECRET, trustProxy });
    try {
      return await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@alfadiesel.test', password: 'not the password' },
        remoteAddress: '127.0.0.1',
        headers: forwardedProto ? { 'x-forwarded-proto': forwardedProto } : {},
      });
    } finally {
      await app.close();
    }
  }

  it('is not sent over plain HTTP, whatever an untrusted client claims', async () => {
    expect((await answer(false)).headers['strict-transport-security']).toBeUndefined();
    expect((await answer(false, 'https')).headers['strict-transport-security']).toBeUndefined();
    expect((await api.get('/api/common/getclients')).headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy (TRUST_PROXY) says the request came over HTTPS', async () => {
    expect((await answer(['127.0.0.1'], 'https')).headers['strict-transport-security']).toBe(HSTS);
    expect((await answer(1, 'https')).headers['strict-transport-security']).toBe(HSTS);
    expect((await answer(1, 'http')).headers['strict-transport-security']).toBeUndefined();
    expect((await answer(1)).headers['strict-transport-security']).toBeUndefined();
  });
});
