import { createServer, type AddressInfo, type Socket } from 'node:net';

/** A mail server on localhost that stops answering, and how many connections it had. */
export interface HungSmtp {
  port: number;
  /** Resolves once a client has connected n times (1-based). */
  connected(n?: number): Promise<void>;
  /** Everything the clients wrote, for checking what reached it. */
  heard(): string;
  close(): Promise<void>;
}

/**
 * `greeting`: greets (220), then never answers. `ehlo`: greets, answers EHLO offering sign-in, then goes silent.
 * `banner`: greets with another service's banner (an SSH server, say), as a host that is no mail server would.
 */
export async function startHungSmtp(mode: 'greeting' | 'ehlo' | 'banner'): Promise<HungSmtp> {
  const sockets = new Set<Socket>();
  const waiting: (() => void)[] = [];
  let connections = 0;
  let heard = '';
  const server = createServer((socket) => {
    sockets.add(socket);
    connections++;
    waiting.splice(0).forEach((wake) => wake());
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write(mode === 'banner' ? 'SSH-2.0-OpenSSH_9.6p1 Secret-Build-4711\r\n' : '220 hung.test ESMTP\r\n');
    let answered = false;
    socket.on('data', (chunk) => {
      heard += chunk.toString();
      if (mode === 'ehlo' && !answered && /^EHLO /im.test(heard)) {
        answered = true;
        socket.write('250-hung.test\r\n250 AUTH PLAIN LOGIN\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async connected(n = 1) {
      while (connections < n) await new Promise<void>((resolve) => waiting.push(resolve));
    },
    heard: () => heard,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** `promise`, or a failure naming `what` once `ms` have passed. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
