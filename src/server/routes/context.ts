import type { Registry } from '../../engine';
import type { TokenIssuer } from '../auth/tokens';
import type { Storage } from '../storage';

/** What every route group needs: the bill types, the storage and the token issuer. */
export interface RouteContext {
  registry: Registry;
  storage: Storage;
  tokens: TokenIssuer;
}
