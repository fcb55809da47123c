import { createHash, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Operator } from '../storage';

const ISSUER = 'alfa-billing';
const ALGORITHM = 'HS256';
export const DEFAULT_TOKEN_TTL = '12h';

/**
 * A fingerprint of the operator's password hash, carried in the token: changing the password (or
 * removing the operator) ends every session signed in with the old one.
 */
function passwordStamp(operator: Operator): string {
  return createHash('sha256').update(operator.passwordHash).digest('base64url').slice(0, 16);
}

export interface TokenClaims {
  operatorId: number;
  stamp: string;
  /** The token's own id (jti), by which a sign-out revokes it; undefined in tokens made before sign-out existed. */
  tokenId?: string;
  /** When it expires (ISO time). */
  expiresAt: string;
}

export interface TokenIssuer {
  issue(operator: Operator): Promise<string>;
  /** The operator id, password stamp, id and expiry of a valid, unexpired token; undefined otherwise. */
  read(token: string): Promise<TokenClaims | undefined>;
  matches(operator: Operator, stamp: string): boolean;
}

/** Signed JWTs (jose, HS256 only, so `alg: none` and other algorithms are refused) with an expiry. */
export function tokenIssuer(secret: Uint8Array, ttl: string = DEFAULT_TOKEN_TTL): TokenIssuer {
  return {
    issue: (operator) =>
      new SignJWT({ email: operator.email, pwd: passwordStamp(operator) })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(operator.id))
        .setJti(randomUUID())
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(secret),

    async read(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          requiredClaims: ['exp', 'sub', 'pwd'],
        });
        const operatorId = Number(payload.sub);
        if (!Number.isSafeInteger(operatorId) || typeof payload.pwd !== 'string') return undefined;
        return {
          operatorId,
          stamp: payload.pwd,
          tokenId: typeof payload.jti === 'string' ? payload.jti : undefined,
          expiresAt: new Date((payload.exp ?? 0) * 1000).toISOString(),
        };
      } catch {
        return undefined;
      }
    },

    matches: (operator, stamp) => passwordStamp(operator) === stamp,
  };
}
