import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { filedPeriodMessage } from '../../engine/core';
import { PeriodLockedError } from '../storage/period-locks';
import { WorkerStopped } from '../worker-stopped';

/** An answer with a status and `{ msg }`: thrown by handlers, sent by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra response headers (Retry-After on a 429, say). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new HttpError(400, msg);
export const notFound = (msg: string) => new HttpError(404, msg);

/** Fastify's own 4xx errors, in words an operator can act on. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};
const SERVER_FAULT = 'Something went wrong on the server; the request was not completed. Please try again.';

/** Every error leaves as JSON `{ msg }`: 4xx with a message for the client, 5xx without details. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.statusCode).headers(error.headers).send({ msg: error.message });
    if (error instanceof PeriodLockedError) return reply.code(409).send({ msg: filedPeriodMessage(error.upto) });
    if (error instanceof WorkerStopped) {
      request.log.error({ err: error.cause }, error.message);
      return reply.code(503).header('Retry-After', '2').send({ msg: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const limit = request.routeOptions.bodyLimit ?? 1024 * 1024;
      const msg = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? `The request is too large (the limit is ${limit / 1024 / 1024} MB).` : FRAMEWORK_MESSAGES[error.code];
      return reply.code(status).send({ msg: msg ?? error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ msg: SERVER_FAULT });
  });
}

/**
 * Requests so malformed that Node's HTTP parser refuses them (a bad header, say) never reach a route:
 * they get the same `{ msg }` body as every other error, then the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ['408 Request Timeout', 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ['431 Request Header Fields Too Large', 'The request headers are too large.']
        : ['400 Bad Request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ msg });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
