import { SignJWT, UnsecuredJWT } from 'jose';

const now = () => Math.floor(Date.now() / 1000);

function claimsOf(token: string): Record<string, unknown> {
  const { exp: _exp, iat: _iat, ...claims } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return claims;
}

const sign = (claims: Record<string, unknown>, secret: Uint8Array, alg = 'HS256', expiry: string | number = '1h') =>
  new SignJWT(claims).setProtectedHeader({ alg }).setIssuedAt().setExpirationTime(expiry).sign(secret);

/**
 * Authorization header values that must all be refused (401), made from a real token: expired,
 * unsigned, re-signed with another key or algorithm, tampered, for a missing operator, and malformed.
 */
export async function forgedAuthorizations(realToken: string, secret: Uint8Array): Promise<string[]> {
  const claims = claimsOf(realToken);
  const otherKey = new TextEncoder().encode('some-other-secret-that-is-long-enough-987654321');
  const [header, payload, signature] = realToken.split('.');
  const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, sub: '1', email: 'admin@localhost' })).toString(
    'base64url',
  );
  const bearer = (token: string) => `Bearer ${token}`;
  return [
    bearer(await sign(claims, secret, 'HS256', now() - 60)),
    bearer(new UnsecuredJWT(claims).setIssuedAt().setExpirationTime('1h').encode()),
    bearer(await sign(claims, otherKey)),
    bearer(await sign(claims, secret, 'HS512')),
    bearer(await sign({ ...claims, sub: '999999' }, secret)),
    bearer(await sign({ ...claims, pwd: 'not-the-stamp' }, secret)),
    bearer(await sign({ ...claims, iss: 'someone-else' }, secret)),
    bearer(`${header}.${tamperedPayload}.${signature}`),
    bearer(`${header}.${payload}.`),
    bearer(`${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`),
    bearer(`${header}.${payload}`),
    realToken,
    `Basic ${Buffer.from('stress@alfadiesel.test:stress password 1').toString('base64')}`,
    'Bearer',
    'Bearer ',
    'Bearer not.a.token',
    `Bearer ${'A'.repeat(4_000)}`,
    `Bearer ${realToken} ${realToken}`,
    `Token ${realToken}`,
  ];
}
