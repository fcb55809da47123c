import { describe, expect, it } from 'vitest';
import { validateBill, type BillType, type FieldSpec } from '../../src/engine/core';
import { loadRegistry } from '../../src/server/schema-files';
import { isSpecType } from '../fixtures/spec-types';
import { checksFor, GOODS_CHECKS, HEADER_CHECKS, SERVICE_CHECKS, validPayload } from '../fixtures/payloads';

const registry = loadRegistry();
type Payload = Record<string, any>;

/** Where a row check's field lives in a payload: on the row, or on the row's first service. */
function rowTarget(billType: BillType, payload: Payload, rowIndex: number, field: string): Payload {
  const row = payload.product[rowIndex];
  return billType.lines === 'service' && field !== 'productname' ? row.service[0] : row;
}

function firstMessage(billType: BillType, payload: unknown) {
  const result = validateBill(registry, billType, payload);
  return result.ok ? 'ok' : result.msg;
}

describe.each(registry.billTypes.map((b) => [b.type, b] as const))('validation of %s (spec 5)', (_, billType) => {
  const headerChecks = checksFor(billType, HEADER_CHECKS);
  const rowChecks = checksFor(billType, billType.lines === 'goods' ? GOODS_CHECKS : SERVICE_CHECKS);

  it('accepts a complete bill', () => {
    expect(firstMessage(billType, validPayload(billType))).toBe('ok');
  });

  it.each(headerChecks.map((check, k) => [check[1], k] as const))('header check "%s"', (message, k) => {
    for (const empty of [undefined, null, '', '   ']) {
      const payload: Payload = validPayload(billType);
      for (const [field] of headerChecks.slice(k)) {
        if (empty === undefined) delete payload[field];
        else payload[field] = empty;
      }
      payload.product = [];
      expect(firstMessage(billType, payload)).toBe(message);
    }
  });

  it.each(rowChecks.map((check, k) => [check[1], k] as const))('row check "%s", row 1 and row 2', (message, k) => {
    for (const rowIndex of [0, 1]) {
      for (const empty of [undefined, null, '', '  ']) {
        const payload: Payload = validPayload(billType, 3);
        for (const [field] of rowChecks.slice(k)) {
          const target = rowTarget(billType, payload, rowIndex, field);
          if (empty === undefined) delete target[field];
          else target[field] = empty;
        }
        expect(firstMessage(billType, payload)).toBe(message.replace('{n}', String(rowIndex + 1)));
      }
    }
  });

  it('reads an empty row list as an empty first row', () => {
    // The spec's first row check; a type of other lines (a receipt voucher's) answers with its own first one.
    const rows = billType.rowsField.rows!;
    const first = isSpecType(billType) ? rowChecks[0][1] : rows.byName[rows.checkOrder[0]].message!;
    const expected = first.replace('{n}', '1');
    expect(firstMessage(billType, validPayload(billType, 1, { product: [] }))).toBe(expected);
    expect(firstMessage(billType, validPayload(billType, 1, { product: 'lots' }))).toBe(expected);
    expect(firstMessage(billType, validPayload(billType, 1, { product: [42] }))).toBe(expected);
  });

  it('leaves the optional dispatch and transport fields optional', () => {
    const payload: Payload = validPayload(billType);
    // Optional as the schema says: a maintainer's variant may require one (a Vehicle No. among the dispatch details).
    const optional = billType.header.filter((f) => (f.block === 'dispatch' || f.block === 'transport') && !f.required);
    for (const field of optional) delete payload[field.name];
    expect(firstMessage(billType, payload)).toBe('ok');
  });
});

describe('gstno length (spec 5, check 3)', () => {
  const taxTypes = registry.billTypes.filter((b) => b.roles.clientGstin);
  it.each(taxTypes.map((b) => [b.type, b] as const))('%s: 15 characters accepted, 14 and 16 rejected', (_, billType) => {
    const withGst = (gstno: unknown) => firstMessage(billType, validPayload(billType, 1, { gstno }));
    expect(withGst('27AAPFU0939F1ZV')).toBe('ok');
    expect(withGst('27AAPFU0939F1Z')).toBe('Please provide your client 15 digit GST no.');
    expect(withGst('27AAPFU0939F1ZVX')).toBe('Please provide your client 15 digit GST no.');
    expect(withGst('x'.repeat(5000))).toBe('Please provide your client 15 digit GST no.');
    expect(withGst(270939)).toBe('Please provide your client 15 digit GST no.');
  });
});

describe('values that are present but wrong', () => {
  const goods = registry.billTypes.find((b) => b.lines === 'goods' && !b.tax)!;
  const withRow = (row: Payload) => firstMessage(goods, validPayload(goods, 1, { product: [{ ...(validPayload(goods).product as Payload[])[0], ...row }] }));

  it('rejects whitespace-only goods and per', () => {
    expect(withRow({ goods: ' \t ' })).toBe('Please provide Description of Goods at Sr. No. 1.');
    expect(withRow({ per: '   ' })).toBe('Please provide Per of product at Sr. No. 1.');
  });

  it('rejects quantities that are not non-negative decimals', () => {
    for (const qty of [{}, [], true, null, '', '  ']) {
      expect(withRow({ qty })).toBe('Please provide Quantity of product at Sr. No. 1.');
    }
    // Issue 15: a number that is there but not more than 0 says so.
    for (const qty of ['-1', -1, '0', 0]) expect(withRow({ qty })).toBe('Quantity at Sr. No. 1 must be more than 0.');
    for (const qty of ['abc', 'NaN', 'Infinity', '1e400', '1,000', '2 5']) {
      expect(withRow({ qty })).toBe(`QTY at Sr. No. 1 is not a number: "${qty}".`);
    }
    for (const qty of ['2', '2.5', 2.5, ' 3 ', '.5', '+5', '1e3']) expect(withRow({ qty })).toBe('ok');
  });

  it('rejects dates that are not calendar dates, naming the field (issue 25), and blank ones with the spec message', () => {
    for (const date of ['9999-99-99', '2026-13-01', '2026-11-32', '21-11-2026', 'today', '2026-02-31', '0000-01-01']) {
      expect(firstMessage(goods, validPayload(goods, 1, { date }))).toBe(
        `Date ${date} is not a date from 2000-01-01 to 2099-12-31.`,
      );
    }
    for (const date of ['', '  ', null]) {
      expect(firstMessage(goods, validPayload(goods, 1, { date }))).toBe('Please provide your bill invoice date.');
    }
    expect(firstMessage(goods, validPayload(goods, 1, { date: '2026-02-28' }))).toBe('ok');
  });

  it('answers limits with a clear message rather than the empty-field text', () => {
    expect(firstMessage(goods, validPayload(goods, 1, { clientname: 'x'.repeat(501) }))).toBe(
      'Client Company Name must be at most 500 characters.',
    );
  });

  it.each(registry.billTypes.map((b) => [b.type, b] as const))(
    '%s: counts goods and services together against x-bill.maxLines',
    (_, billType) => {
      const limit = billType.maxLines;
      const tooMany = `A bill can have at most ${limit} lines (goods and services together); this one has ${limit + 1}.`;
      if (billType.lines === 'goods') {
        expect(firstMessage(billType, validPayload(billType, limit))).toBe('ok');
        expect(firstMessage(billType, validPayload(billType, limit + 1))).toBe(tooMany);
        return;
      }
      // Two products share the services: the limit holds for the bill, not per product.
      const payload = validPayload(billType, 2) as { product: { service: unknown[] }[] };
      const service = payload.product[0].service[0];
      payload.product[0].service = Array.from({ length: limit - 1 }, () => service);
      expect(firstMessage(billType, payload)).toBe('ok');
      payload.product[1].service = [service, service];
      expect(firstMessage(billType, payload)).toBe(tooMany);
    },
  );

  it('names an optional field of the wrong type', () => {
    // A text field the schema leaves optional, without messages of its own: the generic words name it.
    const plainOptional = (field: FieldSpec) => !field.required && field.schema.type === 'string' && !field.message && !field.check && !field.role;
    const tax = registry.billTypes.find((b) => b.tax && b.header.some(plainOptional))!;
    const field = tax.header.find(plainOptional)!;
    expect(firstMessage(tax, validPayload(tax, 1, { [field.name]: 42 }))).toBe(`${field.title} is not valid.`);
  });
});
