import { describe, expect, it } from 'vitest';
import { normalizeBill, validateBill } from '../../src/engine/core';
import { loadRegistry } from '../../src/server/schema-files';
import { fixtureBill } from '../fixtures/bills/long-bill';

const registry = loadRegistry();

/** The fixtures are stored bills: the create payload (invoiceno) as the server keeps it (billno). */
describe.each(registry.billTypes.map((billType) => billType.type))('fixture %s', (type) => {
  const billType = registry.byType(type)!;
  const { billno, ...rest } = fixtureBill(type);
  const payload = { ...rest, invoiceno: billno };

  it('passes the bill type validation', () => {
    expect(validateBill(registry, billType, payload)).toEqual({ ok: true });
  });

  it('is already normalized: amounts are qty x rate, rows numbered', () => {
    expect(normalizeBill(billType, payload)).toEqual(payload);
  });
});
