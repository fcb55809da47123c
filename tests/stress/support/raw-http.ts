import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  path: string;
  /** Written as given: values may hold bytes no HTTP client library would send. */
  headers: [string, string | Buffer][];
  body?: Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const CRLF = Buffer.from('\r\n');

/** The request's bytes: request line, headers (Content-Length added unless given), blank line, body. */
function encode(request: RawRequest): Buffer {
  const body = request.body ?? Buffer.alloc(0);
  const headers = [...request.headers];
  if (!headers.some(([name]) => name.toLowerCase() === 'content-length')) {
    headers.push(['Content-Length', String(body.length)]);
  }
  headers.push(['Connection', 'close']);
  const lines = [Buffer.from(`${request.method} ${request.path} HTTP/1.1`), CRLF, Buffer.from('Host: 127.0.0.1'), CRLF];
  for (const [name, value] of headers) lines.push(Buffer.from(`${name}: `), Buffer.from(value), CRLF);
  return Buffer.concat([...lines, CRLF, body]);
}

function parse(raw: Buffer): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`An incomplete answer: ${raw.toString('latin1').slice(0, 200)}`);
  const [statusLine, ...headerLines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

function unchunk(chunked: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = chunked.indexOf('\r\n', at);
    const size = parseInt(chunked.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(chunked.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Sends one request on its own connection (127.0.0.1 only) and reads the answer to the close. */
export function rawRequest(url: string, request: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  if (hostname !== '127.0.0.1') throw new Error(`Stress traffic goes to 127.0.0.1 only, not ${hostname}`);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`No answer in ${timeoutMs} ms`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    let failure: Error | undefined;
    // A server that answers early (413) may reset the connection while the body is still being sent.
    socket.on('error', (error) => (failure = error));
    socket.on('close', () => {
      if (chunks.length === 0) return reject(failure ?? new Error('The connection closed without an answer'));
      try {
        resolve(parse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
    // No half-close after writing: Node's server drops requests whose client has ended its side.
    // With Connection: close the server closes once it has answered.
    socket.write(encode(request));
  });
}
