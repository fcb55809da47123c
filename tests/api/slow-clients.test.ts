import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiServer } from '../../src/server/api-server';
import { configFromEnv } from '../../src/server/config';
import { TEST_DATABASES } from './databases';
import { AUTH_SECRET, useApi } from './harness';

/** A raw connection and everything it receives until the server closes it. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  const opened = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, closed, opened };
}

describe('slow clients: request timeout, connections per address', () => {
  const api = useApi(TEST_DATABASES[0]);
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = await buildApiServer({
      registry: api.registry,
      storage: api.storage,
      authSecret: AUTH_SECRET,
      // A short timeout so the test need not wait the production 30 s.
      connectionLimits: { requestTimeoutMs: 1_000, connectionsPerAddress: 3 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it('answers a half-sent body with 408 {msg} and closes the connection once the request timeout passes', async () => {
    const client = rawConnection(port);
    await client.opened;
    client.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    const received = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toContain('{"msg":"The request took too long to arrive."}');
  });

  it('closes connections beyond the cap per address at once, and takes new ones when others close', async () => {
    const held = [rawConnection(port), rawConnection(port), rawConnection(port)];
    await Promise.all(held.map((client) => client.opened));
    const refused = rawConnection(port);
    expect(await refused.closed).toBe('');
    for (const client of held) client.socket.destroy();
    await Promise.all(held.map((client) => client.closed));
    const answer = await fetch(`http://127.0.0.1:${port}/api/common/getbillno`, { method: 'POST' });
    expect(answer.status).toBe(401);
  });

  it('reads REQUEST_TIMEOUT (seconds) and CONNECTIONS_PER_ADDRESS', () => {
    expect(configFromEnv({})).toMatchObject({ requestTimeoutMs: 30_000, connectionsPerAddress: 64 });
    expect(configFromEnv({ REQUEST_TIMEOUT: '5', CONNECTIONS_PER_ADDRESS: '0' })).toMatchObject({
      requestTimeoutMs: 5_000,
      connectionsPerAddress: 0,
    });
    expect(() => configFromEnv({ REQUEST_TIMEOUT: '0' })).toThrow(/REQUEST_TIMEOUT must be a whole number/);
  });
});
