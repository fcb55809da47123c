import { deepEquals } from '@rjsf/utils';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createCustomEqual } from '../../src/engine/react/build-stubs/deep-equals';

/**
 * The browser build compares rjsf's props with src/engine/react/build-stubs/deep-equals.ts instead of
 * fast-equals (issue 19): here both answer the same pairs, rjsf's own deepEquals (over fast-equals) being
 * the reference.
 */
const stubEquals = createCustomEqual();

function circular(label: string) {
  const node: Record<string, unknown> = { label, children: [] };
  (node.children as unknown[]).push({ parent: node, value: 1 });
  return node;
}

const noop = () => undefined;
const PAIRS: [string, unknown, unknown][] = [
  ['equal primitives', 'Shree Ganesh Transport', 'Shree Ganesh Transport'],
  ['different primitives', '2.5', 2.5],
  ['NaN and NaN', Number.NaN, Number.NaN],
  ['null and undefined', null, undefined],
  ['null and an object', null, {}],
  ['two functions', noop, () => 1],
  ['a function and an object', noop, {}],
  ['equal form data', { product: [{ qty: '2.5', rate: '1999.99' }], date: '2026-11-21' }, { date: '2026-11-21', product: [{ rate: '1999.99', qty: '2.5' }] }],
  ['a changed cell', { product: [{ qty: '2.5' }, { qty: '1' }] }, { product: [{ qty: '2.5' }, { qty: '10' }] }],
  ['an extra undefined key', { a: 1, b: undefined }, { a: 1 }],
  ['an undefined key against another key', { a: 1, b: undefined }, { a: 1, c: undefined }],
  ['array against object', [1, 2], { 0: 1, 1: 2 }],
  ['arrays of different length', [1, 2], [1, 2, 3]],
  ['nested empty things', { a: [], b: {} }, { a: [], b: {} }],
  ['equal dates', new Date('2026-11-21'), new Date('2026-11-21')],
  ['different dates', new Date('2026-11-21'), new Date('2026-11-22')],
  ['date against its ISO text', new Date('2026-11-21'), '2026-11-21T00:00:00.000Z'],
  ['equal circular structures', circular('x'), circular('x')],
  ['different circular structures', circular('x'), circular('y')],
  ['ui schemas with widgets', { 'ui:widget': noop, 'ui:options': { rows: 3 } }, { 'ui:widget': () => 2, 'ui:options': { rows: 3 } }],
  ['equal React elements', createElement('b', { key: 'k' }, 'Rs.'), createElement('b', { key: 'k' }, 'Rs.')],
  ['different React elements', createElement('b', null, 'Rs.'), createElement('i', null, 'Rs.')],
];

describe('the browser build\'s deep equality for rjsf (issue 19)', () => {
  it.each(PAIRS)('%s: as rjsf\'s own deepEquals', (_name, a, b) => {
    expect(stubEquals(a, b)).toBe(deepEquals(a, b));
    expect(stubEquals(b, a)).toBe(deepEquals(b, a));
  });
});
