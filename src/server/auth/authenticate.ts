import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import type { Operator } from '../storage';
import type { OperatorStore } from '../storage/operators';
import type { RevokedTokenStore } from '../storage/revoked-tokens';
import type { TokenClaims, TokenIssuer } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator, set by the authentication hook on every route but login. */
    operator: Operator | null;
    /** The claims of the token it came with (sign-out revokes that token). */
    tokenClaims: TokenClaims | null;
  }
}

const SIGN_IN_AGAIN = 'Your session is missing or has expired. Please sign in again.';

export const ACCOUNT_DISABLED = 'Your account has been disabled; ask an owner to enable it.';

/**
 * `Authorization: Bearer <token>` must carry a valid, not signed-out token of an operator who still exists and is
 * not disabled. The operator (role, units, flags) is read on every call, so a change applies to the next one.
 */
export function authenticate(
  tokens: TokenIssuer,
  { operators, revokedTokens }: { operators: OperatorStore; revokedTokens: RevokedTokenStore },
) {
  return async (request: FastifyRequest): Promise<void> => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    const claims = match ? await tokens.read(match[1]) : undefined;
    const operator = claims && (await operators.byId(claims.operatorId));
    if (!claims || !operator || !tokens.matches(operator, claims.stamp)) throw new HttpError(401, SIGN_IN_AGAIN);
    if (claims.tokenId && (await revokedTokens.isRevoked(claims.tokenId))) throw new HttpError(401, SIGN_IN_AGAIN);
    if (operator.disabled) throw new HttpError(401, ACCOUNT_DISABLED);
    request.operator = operator;
    request.tokenClaims = claims;
  };
}

/** The operator of an authenticated request (the hook has run). */
export function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new HttpError(401, SIGN_IN_AGAIN);
  return request.operator;
}
