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
  requests: { setupRequest: (request: object) => object; onResponse: (status: number, body: string) => void }[];
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;

const RECONNECT_EVERY = 500;

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
  /** What the failed were: answers not 2xx, connection errors, timeouts. */
  failures: string;
}

export async function postLoad(options: {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  body: () => object;
}): Promise<LoadResult> {
  let firstRefusal = '';
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
    // The server closes a kept-alive connection after 1,000 requests (CONNECTION_LIMITS), as a browser
    // would see it and open another; autocannon would count every later request as failed instead.
    reconnectRate: RECONNECT_EVERY,
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: JSON.stringify(options.body()) }),
        onResponse: (status, body) => {
          if ((status < 200 || status > 299) && !firstRefusal) firstRefusal = `; the first: ${status} ${String(body).slice(0, 200)}`;
        },
      },
    ],
  });
  return {
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    failures: `${result.non2xx} not 2xx, ${result.errors} connection errors, ${result.timeouts} timeouts${firstRefusal}`,
  };
}

/** One request of a mixed load: where it goes, its body, and what kind it is counted as. */
export interface MixedRequest {
  kind: string;
  path: string;
  body: object;
}

/** Each kind's answer times (ms) and how many of all requests answered 2xx per second. */
export interface MixedResult {
  times: Map<string, number[]>;
  perSecond: number;
  failed: string[];
}

/** The server closed the kept-alive connection as the request went out: the transport's doing, never answered. */
const closedUnderIt = (error: unknown) => error instanceof TypeError && (error.cause as { code?: string } | undefined)?.code === 'UND_ERR_SOCKET';

/**
 * One request; sent once more on a new connection when the server had just closed the one it went out on (it
 * closes each after its 1,000th answer, and a request already on its way there is lost, not refused).
 */
async function postJson(options: { url: string; token: string }, request: MixedRequest): Promise<Response> {
  const send = () =>
    fetch(new URL(request.path, options.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
      body: JSON.stringify(request.body),
    });
  return send().catch((error: unknown) => {
    if (closedUnderIt(error)) return send();
    throw error;
  });
}

/**
 * `connections` clients, each sending the next request of `next()` as soon as its last one was answered, for
 * `seconds`, every answer timed by its kind: autocannon times all requests as one, and a mix of saves, payments
 * and credit notes needs a save's time on its own. The clients share Node's fetch (kept-alive connections).
 */
export async function mixedLoad(options: { url: string; token: string; connections: number; seconds: number; next: () => MixedRequest }): Promise<MixedResult> {
  const times = new Map<string, number[]>();
  const failed: string[] = [];
  let ok = 0;
  const started = performance.now();
  const ends = started + options.seconds * 1000;
  const client = async () => {
    while (performance.now() < ends) {
      const request = options.next();
      const sent = performance.now();
      const response = await postJson(options, request).catch((error: unknown) => {
        failed.push(`${request.kind}: ${String(error)} (${String((error as { cause?: unknown }).cause ?? '')})`);
        return undefined;
      });
      if (!response) continue;
      const answer = await response.arrayBuffer();
      if (!response.ok) {
        failed.push(`${request.kind} ${response.status}: ${new TextDecoder().decode(answer).slice(0, 200)}`);
        continue;
      }
      ok++;
      const kind = times.get(request.kind) ?? [];
      kind.push(performance.now() - sent);
      times.set(request.kind, kind);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  return { times, perSecond: ok / ((performance.now() - started) / 1000), failed };
}
