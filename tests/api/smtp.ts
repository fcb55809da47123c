import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A real SMTP server on localhost for the sending tests: what it received, parsed by mailparser. */
export interface TestSmtp {
  port: number;
  received: ParsedMail[];
  /** Resolves with the n-th message (1-based) once it has arrived. */
  message(n: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export const SMTP_USER = 'billing@alfadiesel.test';
export const SMTP_PASSWORD = 'mail-password-1';

/** A unit's mail settings for the test server on `port` (savemailsettings' body), with `overrides`. */
export const mailSettings = (port: number, overrides: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port,
  security: 'none',
  user: SMTP_USER,
  password: SMTP_PASSWORD,
  fromname: 'Accounts',
  fromaddress: 'billing@alfadiesel.test',
  replyto: '',
  ...overrides,
});

/** A port nothing listens on (taken and given back), for a refused connection and a server started on it later. */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts smtp-server on `port` (any free one when 0): plain SMTP with sign-in (AUTH PLAIN/LOGIN over the loopback
 * without TLS), accepting SMTP_USER / SMTP_PASSWORD only, unless `options` say otherwise.
 */
export async function startSmtp(port = 0, options: Partial<SMTPServerOptions> = {}): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      const refused = Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 });
      return callback(refused);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          waiting.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    port: bound,
    received,
    async message(n) {
      while (received.length < n) await new Promise<void>((resolve) => waiting.push(resolve));
      return received[n - 1];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
