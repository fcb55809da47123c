/** autocannon (which ships no types) driving POSTs with a bearer token, each body made fresh per request. */
import { createRequire } from 'node:module';

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  latency: { p50: number; p99: number; average: number };
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method: 'POST';
  headers: Record<string, string>;
  reconnectRate: number;
  requests: { setupRequest: (request: object) => object }[];
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;

const RECONNECT_EVERY = 500;

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

export async function postLoad(options: {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  body: () => object;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
    // The server closes a kept-alive connection after 1,000 requests (CONNECTION_LIMITS), as a browser
    // would see it and open another; autocannon would count every later request as failed instead.
    reconnectRate: RECONNECT_EVERY,
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(options.body()) }) }],
  });
  return {
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
