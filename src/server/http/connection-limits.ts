import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** A request (headers and body) must arrive whole within this; else 408 and the connection is closed. */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Requests on one kept-alive connection before it is closed (the client opens another). */
  requestsPerConnection: number;
  /** Open connections from one client address; more are closed on arrival. 0: no cap (behind a proxy). */
  connectionsPerAddress: number;
}

/**
 * Thirty seconds for a request: a bill is at most 1 MB, which even a slow shop line sends in a few seconds.
 * Sixty-four connections per address: a browser opens six, an office a few dozen.
 */
export const CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  requestsPerConnection: 1_000,
  connectionsPerAddress: 64,
};

/**
 * Fastify's and Node's options for them. Node checks request timeouts every `connectionsCheckingInterval`
 * (30 s by default), so a 30 s timeout could take a minute: the check runs four times per timeout instead.
 * A socket silent for twice that long is closed too (after the request timeout has answered 408, if it was
 * mid-request).
 */
export function connectionOptions(limits: ConnectionLimits) {
  const timeout = limits.requestTimeoutMs;
  return {
    requestTimeout: timeout,
    connectionTimeout: 2 * timeout,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.requestsPerConnection,
    http: { headersTimeout: timeout, connectionsCheckingInterval: Math.max(100, Math.floor(timeout / 4)) },
  };
}

/**
 * Closes a connection at once when its address already has `cap` open: one client holding thousands of
 * half-sent requests cannot use up the server's sockets for everyone else.
 */
export function capConnectionsPerAddress(server: Server, cap: number): void {
  if (cap <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
