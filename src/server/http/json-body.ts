import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** Bills nest five levels (body, rows, row, services, service); anything far deeper is not a bill. */
export const MAX_JSON_DEPTH = 16;

/** C0 control characters but tab, line feed and carriage return; NUL cannot even be stored by PostgreSQL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** A high surrogate without its low half, or a low one without its high half. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const NOT_UTF8 = 'The request body is not valid UTF-8 text.';
const TOO_DEEP = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;
const BAD_TEXT =
  'The request contains text that cannot be stored: control characters or broken Unicode (unpaired surrogates).';

function checkText(text: string): void {
  if (UNPAIRED_SURROGATE.test(text) || FORBIDDEN_CONTROL.test(text)) throw badRequest(BAD_TEXT);
}

/**
 * Refuses what a bill can never hold instead of storing a silently altered copy: nesting deeper than
 * MAX_JSON_DEPTH (later code recurses), unpaired surrogates (they cannot be written as UTF-8) and
 * control characters, in keys and values. Iterative, so a hostile body cannot overflow the stack here.
 */
export function checkJsonValue(root: unknown): void {
  const pending: [unknown, number][] = [[root, 1]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'string') checkText(value);
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) throw badRequest(TOO_DEEP);
    for (const [key, child] of Object.entries(value)) {
      checkText(key);
      pending.push([child, depth + 1]);
    }
  }
}

/**
 * Replaces Fastify's JSON parser with a stricter one around it: the bytes must be valid UTF-8 (the
 * default decoder would store U+FFFD in place of a broken byte), then Fastify's own parser (its
 * `__proto__` / `constructor.prototype` refusals and error codes) and checkJsonValue. With `emptyIsNoBody` an
 * empty body reads as none (`{}` to bodyOf), for a call whose body is optional (sign-out).
 */
export function installStrictJsonParser(app: FastifyInstance, { emptyIsNoBody = false } = {}): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  app.removeContentTypeParser('application/json');
  // Fastify reads text/plain as a string by default; the API takes JSON only, so that is a 415 like any other type.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request: FastifyRequest, raw: Buffer, done: (error: Error | null, body?: unknown) => void) => {
      if (emptyIsNoBody && raw.length === 0) {
        done(null, undefined);
        return;
      }
      let text: string;
      try {
        text = decoder.decode(raw);
      } catch {
        done(badRequest(NOT_UTF8));
        return;
      }
      parseJson(request, text, (error: Error | null, body?: unknown) => {
        if (error) return done(error);
        try {
          checkJsonValue(body);
          done(null, body);
        } catch (refused) {
          done(refused as Error);
        }
      });
    },
  );
}
