import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Registry } from '../../src/engine/core';
import { hashPassword } from '../../src/server/auth/passwords';
import { describeEachDatabase } from './databases';
import { AUTH_SECRET, jsonOf, OPERATOR, useApi, type Api, TEST_PASSWORD_COST } from './harness';

/** Every endpoint but login (spec 7), as [method, path]. */
function protectedEndpoints(registry: Registry): [string, string][] {
  const catalogs = Object.values(registry.catalogs).flatMap((c): [string, string][] => [
    ['POST', `/api/common/${c.save}`],
    ['GET', `/api/common/${c.get}`],
  ]);
  const common = ['getbillno', 'getbill', 'deletebill', 'showpdf'].map((name): [string, string] => [
    'POST',
    `/api/common/${name}`,
  ]);
  const units = [...new Set(registry.billTypes.flatMap((b) => [b.getPath, b.createPath]))].map(
    (p): [string, string] => ['POST', p],
  );
  const { endpoints } = registry.clients;
  const clients: [string, string][] = [
    ['GET', `/api/common/${endpoints.list}`],
    ...[endpoints.save, endpoints.delete, endpoints.bills].map((name): [string, string] => ['POST', `/api/common/${name}`]),
  ];
  return [...catalogs, ...common, ...units, ...clients];
}

/** The claims of a real token, so a forged one differs from it only where the test says. */
function claimsOf(token: string): Record<string, unknown> {
  const { exp: _exp, iat: _iat, ...claims } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return claims;
}

function sign(claims: Record<string, unknown>, expiry: string | number, secret = AUTH_SECRET) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiry).sign(secret);
}

async function expectUnauthorized(api: Api, method: string, url: string, authorization: string | undefined) {
  const response = await api.app.inject({
    method: method as 'GET' | 'POST',
    url,
    headers: authorization === undefined ? {} : { authorization },
    ...(method === 'POST' ? { payload: { billtype: 'invoice', billno: 1 } } : {}),
  });
  expect(response.statusCode, `${method} ${url} with ${authorization?.slice(0, 30)}`).toBe(401);
  expect(jsonOf(response)).toEqual({ msg: expect.stringMatching(/sign in/) });
}

describeEachDatabase('sign-in (spec 7: POST /api/auth/login)', (database) => {
  const api = useApi(database);

  it('answers {authToken}, a signed JWT that expires in 12 hours', async () => {
    const response = await api.post(
      '/api/auth/login',
      { email: ' Operator@AlfaDiesel.test ', password: OPERATOR.password },
      null,
    );
    expect(response.statusCode).toBe(200);
    const { authToken } = jsonOf(response);
    const [header, payload] = authToken
      .split('.')
      .slice(0, 2)
      .map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload.exp - payload.iat).toBe(12 * 3600);
    expect((await api.get('/api/common/getproduct', authToken)).statusCode).toBe(200);
  });

  it('fails with 401 {msg} that does not tell whether the e-mail exists', async () => {
    const wrongPassword = await api.post(
      '/api/auth/login',
      { email: OPERATOR.email, password: 'not the password' },
      null,
    );
    const unknownEmail = await api.post(
      '/api/auth/login',
      { email: 'nobody@alfadiesel.test', password: OPERATOR.password },
      null,
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(jsonOf(wrongPassword)).toEqual({ msg: 'Invalid email or password.' });
    expect(jsonOf(unknownEmail)).toEqual(jsonOf(wrongPassword));
  });

  it.each([
    ['an empty body', {}],
    ['an empty password', { email: OPERATOR.email, password: '' }],
    ['a number as password', { email: OPERATOR.email, password: 12345678 }],
    ['an array as e-mail', { email: [OPERATOR.email], password: OPERATOR.password }],
  ])('fails with 401 {msg} for %s', async (_, body) => {
    const response = await api.post('/api/auth/login', body, null);
    expect(response.statusCode).toBe(401);
    expect(jsonOf(response)).toEqual({ msg: 'Invalid email or password.' });
  });

  it('refuses every other endpoint without a valid token: 401 {msg}', async () => {
    const otherSecret = new TextEncoder().encode('another-secret-that-is-long-enough-0123456789');
    const claims = claimsOf(api.token);
    expect((await api.get('/api/common/getproduct', await sign(claims, '1h'))).statusCode).toBe(200);
    const badTokens: [string, string | undefined][] = [
      ['no header', undefined],
      ['an empty bearer', 'Bearer '],
      ['another scheme', `Basic ${Buffer.from(`${OPERATOR.email}:${OPERATOR.password}`).toString('base64')}`],
      ['garbage', 'Bearer not.a.token'],
      ['the token without "Bearer"', api.token],
      ['a token signed with another key', `Bearer ${await sign(claims, '1h', otherSecret)}`],
      ['an expired token', `Bearer ${await sign(claims, Math.floor(Date.now() / 1000) - 60)}`],
      ['an unsigned (alg: none) token', `Bearer ${new UnsecuredJWT(claims).setExpirationTime('1h').encode()}`],
      ['a tampered token', `Bearer ${api.token.slice(0, -4)}${api.token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`],
    ];
    for (const [method, url] of protectedEndpoints(api.registry)) {
      for (const [, authorization] of badTokens) await expectUnauthorized(api, method, url, authorization);
    }
  });

  it('ends the sessions of an operator whose password changed or who was removed', async () => {
    const email = 'second@alfadiesel.test';
    await api.storage.operators.add(email, await hashPassword('first password', TEST_PASSWORD_COST));
    const login = async (password: string) =>
      jsonOf(await api.post('/api/auth/login', { email, password }, null)).authToken;
    const before = await login('first password');
    expect((await api.get('/api/common/getservice', before)).statusCode).toBe(200);

    await api.storage.operators.setPassword(email, await hashPassword('second password', TEST_PASSWORD_COST));
    await expectUnauthorized(api, 'GET', '/api/common/getservice', `Bearer ${before}`);
    const after = await login('second password');
    expect((await api.get('/api/common/getservice', after)).statusCode).toBe(200);

    await api.storage.operators.remove(email);
    await expectUnauthorized(api, 'GET', '/api/common/getservice', `Bearer ${after}`);
    expect((await api.post('/api/auth/login', { email, password: 'second password' }, null)).statusCode).toBe(401);
  });
});

describe('protected endpoint list', () => {
  it('covers spec 7: a save and a list per saved list, four common bill calls, the unit calls, and the four client calls', async () => {
    const { loadRegistry } = await import('../../src/server/schema-files');
    const registry = loadRegistry();
    const paths = protectedEndpoints(registry).map(([method, path]) => `${method} ${path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/common/savetaxservice',
        'GET /api/common/gettaxproduct',
        'POST /api/common/showpdf',
        'POST /api/alfadiesel/getbill',
        'POST /api/gst/getbill',
        'POST /api/alfadiesel/createservice',
        'POST /api/gst/createtaxbill',
        'GET /api/common/getclient',
        'POST /api/common/saveclient',
        'POST /api/common/deleteclient',
        'POST /api/common/getclientbills',
      ]),
    );
    const catalogCalls = 2 * Object.keys(registry.catalogs).length;
    const unitCalls = new Set(registry.billTypes.flatMap((b) => [b.createPath, b.getPath])).size;
    expect(paths).toHaveLength(catalogCalls + 4 + unitCalls + 4);
  });
});
