import { isIP } from 'node:net';
import { REPORTS_PER_OPERATOR } from './http/report-limit';
import { join, resolve } from 'node:path';
import { DEFAULT_TOKEN_TTL } from './auth/tokens';
import { PROJECT_ROOT } from './project-root';

/** Server settings, from the environment (README: Configuration). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://...`: PostgreSQL; undefined: SQLite in `dataDir`. */
  databaseUrl?: string;
  /** Signs sign-in tokens; undefined: generated once and kept in `dataDir`. */
  authSecret?: string;
  /** Seals the units' mail passwords (MAIL_SECRET); undefined: a key generated once and kept in `dataDir`. */
  mailSecret?: string;
  /** AUDIT_KEY (hex) or AUDIT_KEY_FILE: the audit chain's key; neither: a file made beside `dataDir`. */
  auditKey?: string;
  auditKeyFile?: string;
  tokenTtl: string;
  operatorEmail?: string;
  operatorPassword?: string;
  webRoot: string;
  /** REQUEST_TIMEOUT (seconds): a request must arrive whole within it. */
  requestTimeoutMs: number;
  /** CONNECTIONS_PER_ADDRESS: open connections one client address may hold (0: no cap). */
  connectionsPerAddress: number;
  /** PDF renders one operator may have under way at once (RENDERS_PER_OPERATOR, default 3). */
  rendersPerOperator: number;
  /** Reports and client bill lists one operator may have under way at once (REPORTS_PER_OPERATOR, default 3). */
  reportsPerOperator: number;
  /** MAIL_ALLOW_PRIVATE_HOSTS=1: units' mail servers may be on a private network (10/8, 172.16/12, 192.168/16, fc00::/7). */
  mailAllowPrivateHosts: boolean;
  /** MAIL_RECIPIENTS_PER_HOUR: recipients (to and cc) one operator's e-mails may have in an hour (default 300). */
  mailRecipientsPerHour: number;
  /** MAIL_SEND_TIMEOUT (seconds): the whole of one send, test e-mails included (default 30). */
  mailSendTimeoutMs: number;
  /** SOURCE_MAPS=1: serve the web app's source maps (off by default). */
  serveSourceMaps: boolean;
  logLevel: string;
  /** Which reverse proxies' X-Forwarded-For entries name the client (see trustProxyFrom). */
  trustProxy: TrustProxy;
}

export const DEFAULT_WEB_ROOT = join(PROJECT_ROOT, 'dist/web');

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function wholeNumber(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < min || number > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  return number;
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535)
    throw new Error(`PORT must be a port number, not "${value}"`);
  return number;
}

/** No proxy (false), how many proxy hops stand before the server, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be the number of reverse proxies in front of the server (1 for one) or a comma-separated list of their addresses or CIDR ranges';

/**
 * TRUST_PROXY: unset or 0, no proxy (the socket's address is the client's). A number n, n proxies in a row:
 * 1 takes the address the nearest proxy appended to X-Forwarded-For, never what the client wrote there
 * itself ("true"/"yes" mean 1). A list (`10.0.0.2, 192.168.1.0/24`): only hops from those addresses count.
 */
export function trustProxyFrom(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(TRUST_PROXY_HELP);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || rest.length > 0) throw new Error(`${TRUST_PROXY_HELP}, not "${entry}"`);
  }
  return entries;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: port(env.PORT),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    authSecret: nonEmpty(env.AUTH_SECRET),
    mailSecret: nonEmpty(env.MAIL_SECRET),
    auditKey: nonEmpty(env.AUDIT_KEY),
    auditKeyFile: nonEmpty(env.AUDIT_KEY_FILE),
    tokenTtl: nonEmpty(env.AUTH_TOKEN_TTL) ?? DEFAULT_TOKEN_TTL,
    operatorEmail: nonEmpty(env.OPERATOR_EMAIL),
    operatorPassword: nonEmpty(env.OPERATOR_PASSWORD),
    webRoot: resolve(nonEmpty(env.WEB_ROOT) ?? DEFAULT_WEB_ROOT),
    requestTimeoutMs: wholeNumber('REQUEST_TIMEOUT', env.REQUEST_TIMEOUT, 30, 1, 3600) * 1000,
    connectionsPerAddress: wholeNumber('CONNECTIONS_PER_ADDRESS', env.CONNECTIONS_PER_ADDRESS, 64, 0, 100_000),
    rendersPerOperator: wholeNumber('RENDERS_PER_OPERATOR', env.RENDERS_PER_OPERATOR, 3, 1, 100_000),
    reportsPerOperator: wholeNumber('REPORTS_PER_OPERATOR', env.REPORTS_PER_OPERATOR, REPORTS_PER_OPERATOR, 1, 100_000),
    mailAllowPrivateHosts: ['1', 'true', 'yes'].includes((env.MAIL_ALLOW_PRIVATE_HOSTS ?? '').trim().toLowerCase()),
    mailRecipientsPerHour: wholeNumber('MAIL_RECIPIENTS_PER_HOUR', env.MAIL_RECIPIENTS_PER_HOUR, 300, 1, 1_000_000),
    mailSendTimeoutMs: wholeNumber('MAIL_SEND_TIMEOUT', env.MAIL_SEND_TIMEOUT, 30, 1, 3600) * 1000,
    serveSourceMaps: ['1', 'true', 'yes'].includes((env.SOURCE_MAPS ?? '').trim().toLowerCase()),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
  };
}
