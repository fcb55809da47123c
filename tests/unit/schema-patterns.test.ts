import { describe, expect, it } from 'vitest';
import { isSchema, type Schema } from '../../src/engine/core';
import { loadRegistry } from '../../src/server/schema-files';

/**
 * ajv runs a field's pattern on whatever string arrives, however long (maxLength does not stop it), on the server's
 * request thread. A pattern whose time grows with the square of the input (`^\s*(X)?\s*$`: two runs of spaces that
 * can share the input every way) held the server 51 s for one field of 100,000 spaces (the note's place of supply).
 * Every pattern of every bill type answers such inputs at once.
 */
const LENGTH = 100_000;
const HOSTILE = [' '.repeat(LENGTH), 'a'.repeat(LENGTH), '0'.repeat(LENGTH), ' a'.repeat(LENGTH / 2)].map((text) => `${text}!`);
/** Far above a linear pattern's time on this input (a few ms), far below a quadratic one's (seconds). */
const AT_ONCE_MS = 1_000;

function patternsOf(schema: unknown, path: string, into: Map<string, string>): Map<string, string> {
  if (Array.isArray(schema)) schema.forEach((item, index) => patternsOf(item, `${path}/${index}`, into));
  else if (isSchema(schema)) {
    const node = schema as Schema;
    if (typeof node.pattern === 'string') into.set(node.pattern, path);
    for (const [key, value] of Object.entries(node)) if (key !== 'pattern') patternsOf(value, `${path}/${key}`, into);
  }
  return into;
}

describe('schema patterns', () => {
  const patterns = new Map<string, string>();
  for (const billType of loadRegistry().billTypes) patternsOf(billType.validationSchema, billType.type, patterns);

  it.each([...patterns].map(([pattern, where]) => [where, pattern]))('%s answers a hostile 100,000-character value at once', (_where, pattern) => {
    const regex = new RegExp(pattern, 'u');
    for (const text of HOSTILE) {
      const started = performance.now();
      regex.test(text);
      expect(performance.now() - started, `/${pattern}/ on ${JSON.stringify(text.slice(0, 12))}...`).toBeLessThan(AT_ONCE_MS);
    }
  });
});
