import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TOKEN_TTL } from './auth/tokens';

/** Server settings, from the environment (README: Configuration). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://...`: PostgreSQL; undefined: SQLite in `dataDir`. */
  databaseUrl?: string;
  /** Signs sign-in tokens; undefined: generated once and kept in `dataDir`. */
  authSecret?: string;
  tokenTtl: string;
  operatorEmail?: string;
  operatorPassword?: string;
  webRoot: string;
  logLevel: string;
  /** TRUST_PROXY=1: the server sits behind a reverse proxy, whose X-Forwarded-For names the client. */
  trustProxy: boolean;
}

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535)
    throw new Error(`PORT must be a port number, not "${value}"`);
  return number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: port(env.PORT),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    authSecret: nonEmpty(env.AUTH_SECRET),
    tokenTtl: nonEmpty(env.AUTH_TOKEN_TTL) ?? DEFAULT_TOKEN_TTL,
    operatorEmail: nonEmpty(env.OPERATOR_EMAIL),
    operatorPassword: nonEmpty(env.OPERATOR_PASSWORD),
    webRoot: resolve(nonEmpty(env.WEB_ROOT) ?? DEFAULT_WEB_ROOT),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    trustProxy: ['1', 'true', 'yes'].includes((env.TRUST_PROXY ?? '').trim().toLowerCase()),
  };
}
