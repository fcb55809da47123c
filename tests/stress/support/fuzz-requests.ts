import type { RawRequest } from './raw-http';
import type { Body, FuzzTarget } from './fuzz-targets';
import type { Random } from './seeded-random';

export interface FuzzContext {
  token: string;
  /** Authorization values that must be refused. */
  forged: string[];
  targets: FuzzTarget[];
}

export interface FuzzCase {
  /** What kind of malformation it carries, for the printed tally. */
  kind: string;
  request: RawRequest;
}

const JSON_TYPE: [string, string] = ['Content-Type', 'application/json'];
const INVALID_UTF8 = [
  [0xff],
  [0xc3, 0x28],
  [0xe2, 0x28, 0xa1],
  [0xed, 0xa0, 0x80],
  [0xc0, 0xaf],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0x80],
];
const NOISE_NAMES = [
  'extra',
  'note',
  '<script>alert(1)</script>',
  'ñandú',
  '😀',
  '$where',
  'constructor',
  '__defineGetter__',
  'x'.repeat(300),
];

/** A random scalar, short list or flat object: never deeper than two levels. */
function noiseValue(random: Random): unknown {
  return random.pick<() => unknown>([
    () => random.int(-1e9, 1e9),
    () => random.next() * 1e308,
    () => String(random.int(0, 1e6)),
    () => '<img src=x onerror=alert(1)>',
    () => "'; DROP TABLE bills; --",
    () => '\u202e\u0645\u0631\u062d\u0628\u0627 \ud83d\ude00',
    () => 'y'.repeat(random.int(0, 20_000)),
    () => [1, 'two', null],
    () => ({ nested: { value: true } }),
  ])();
}

/** Extra fields (which the server ignores) beside the defect; they never repair it. */
function withNoise(body: Body, random: Random): Body {
  const noisy: Body = { ...body };
  for (let i = random.int(0, 3); i > 0; i--)
    noisy[`${random.pick(NOISE_NAMES)}${random.int(0, 99)}`] = noiseValue(random);
  return noisy;
}

const json = (body: unknown) => Buffer.from(JSON.stringify(body));
const post = (target: FuzzTarget, headers: [string, string | Buffer][], body?: Buffer): RawRequest => ({
  method: target.method,
  path: target.path,
  headers,
  ...(target.method === 'POST' ? { body } : {}),
});

/** A body whose bytes, not its fields, are wrong. Each one is refused before any route sees it. */
function malformedBytes(valid: Body, random: Random): [string, [string, string][], Buffer] {
  const text = JSON.stringify(valid);
  // Spliced into the start of a text value the route reads (a client name, a bill type ...).
  const starts = [...text.matchAll(/:"/g)].map((match) => match.index + 2);
  const start = starts.length > 0 ? random.pick(starts) : 1;
  const intoText = (bytes: Buffer) =>
    Buffer.concat([Buffer.from(text.slice(0, start)), bytes, Buffer.from(text.slice(start))]);
  return random.pick<() => [string, [string, string][], Buffer]>([
    () => ['truncated', [JSON_TYPE], Buffer.from(text.slice(0, random.int(0, text.length - 1)))],
    () => ['garbage', [JSON_TYPE], Buffer.from(Array.from({ length: random.int(1, 200) }, () => random.int(0, 255)))],
    () => ['invalid-utf8', [JSON_TYPE], intoText(Buffer.from(random.pick(INVALID_UTF8)))],
    () => {
      const depth = random.int(17, 100_000);
      const [open, close] = random.chance(0.5) ? ['[', ']'] : ['{"a":', '}'];
      return [
        'deep-nesting',
        [JSON_TYPE],
        Buffer.from(`{"deep":${open.repeat(depth)}1${close.repeat(depth)},${text.slice(1)}`),
      ];
    },
    () => ['proto-key', [JSON_TYPE], Buffer.from(`{"__proto__":{"isAdmin":true},${text.slice(1)}`)],
    () => ['constructor-key', [JSON_TYPE], Buffer.from(`{"constructor":{"prototype":{"polluted":1}},${text.slice(1)}`)],
    () => ['nested-proto', [JSON_TYPE], Buffer.from(`{"meta":{"x":[{"__proto__":{"a":1}}]},${text.slice(1)}`)],
    () => [
      'not-an-object',
      [JSON_TYPE],
      Buffer.from(random.pick([`[${text}]`, JSON.stringify(text), '42', 'true', '"x"'])),
    ],
    () => ['empty', [JSON_TYPE], Buffer.alloc(0)],
    () => ['nan-literal', [JSON_TYPE], Buffer.from(`{"n":NaN,${text.slice(1)}`)],
    () => ['unpaired-surrogate', [JSON_TYPE], intoText(Buffer.from(random.pick(['\\ud800', '\\udfff x'])))],
    () => ['nul-character', [JSON_TYPE], intoText(Buffer.from(random.pick(['\\u0000', 'a\\u0000b'])))],
    () => ['control-key', [JSON_TYPE], Buffer.from(`{"\\u0007":1,${text.slice(1)}`)],
    () => ['too-large', [JSON_TYPE], Buffer.from(`{"big":"${'z'.repeat(1024 * 1024)}",${text.slice(1)}`)],
    () => [
      'form-encoded',
      [['Content-Type', 'application/x-www-form-urlencoded']],
      Buffer.from('billtype=invoice&billno=1'),
    ],
    () => [
      'multipart',
      [['Content-Type', 'multipart/form-data; boundary=x']],
      Buffer.from(`--x\r\n\r\n${text}\r\n--x--`),
    ],
    () => ['text-plain', [['Content-Type', 'text/plain']], Buffer.from(text)],
    () => [
      'unknown-type',
      [['Content-Type', random.pick(['application/jsonx', 'application/xml', 'image/png'])]],
      Buffer.from(text),
    ],
  ])();
}

/** Requests Node's HTTP parser itself refuses: bad header bytes, bad chunking, oversized headers. */
function malformedHttp(target: FuzzTarget, token: string, random: Random): [string, RawRequest] {
  const auth: [string, string] = ['Authorization', `Bearer ${token}`];
  return random.pick<() => [string, RawRequest]>([
    () => [
      'header-control-byte',
      post(target, [auth, JSON_TYPE, ['X-Note', Buffer.from([0x61, 0x00, 0x62])]], Buffer.from('{}')),
    ],
    () => ['header-name-space', post(target, [auth, JSON_TYPE, ['Bad Name', 'x']], Buffer.from('{}'))],
    () => [
      'bad-chunking',
      post(
        target,
        [auth, JSON_TYPE, ['Transfer-Encoding', 'chunked'], ['Content-Length', '0']],
        Buffer.from('zz\r\n{}\r\n0\r\n\r\n'),
      ),
    ],
    () => ['huge-header', post(target, [auth, JSON_TYPE, ['X-Padding', 'p'.repeat(20_000)]], Buffer.from('{}'))],
    () => [
      'space-in-path',
      { method: 'POST', path: `${target.path} x`, headers: [auth, JSON_TYPE], body: Buffer.from('{}') },
    ],
  ])();
}

/** Paths and methods that are no endpoint. */
function unknownEndpoint(target: FuzzTarget, token: string, random: Random): RawRequest {
  const path = random.pick([
    `${target.path}/`,
    `${target.path}x`,
    '/api/common/getreceipt',
    '/api/../api/common/getbill',
    '/api/%00',
    `/api/${'%2e%2e/'.repeat(5)}etc/passwd`,
    `/api/${'a'.repeat(random.int(100, 6_000))}`,
    '/api/common/getbill%0d%0aX-Injected:%201',
    '/api/gst/%F0%9F%98%80',
  ]);
  const method = random.pick(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
  return {
    method,
    path,
    headers: [['Authorization', `Bearer ${token}`], JSON_TYPE],
    body: Buffer.from('{"billtype":"x"}'),
  };
}

/** One malformed request; which kinds come how often is set by the weights below. */
export function nextFuzzCase(random: Random, context: FuzzContext): FuzzCase {
  const target = random.pick(context.targets);
  const roll = random.next();
  const bearer: [string, string] = ['Authorization', `Bearer ${context.token}`];
  if ((roll < 0.2 || target.method === 'GET') && target.path !== '/api/auth/login') {
    const forged = random.chance(0.1) ? [] : [['Authorization', random.pick(context.forged)] as [string, string]];
    return {
      kind: 'bad-token',
      request: post(target, [...forged, JSON_TYPE], json(withNoise(target.valid(random), random))),
    };
  }
  if (roll < 0.45) {
    const [kind, headers, body] = malformedBytes(target.valid(random), random);
    return { kind, request: post(target, [bearer, ...headers], body) };
  }
  if (roll < 0.5) {
    const [kind, request] = malformedHttp(target, context.token, random);
    return { kind, request };
  }
  if (roll < 0.55) return { kind: 'unknown-endpoint', request: unknownEndpoint(target, context.token, random) };
  return {
    kind: 'bad-fields',
    request: post(target, [bearer, JSON_TYPE], json(withNoise(target.broken(random), random))),
  };
}
