import type { AuditEntry, BillType } from '../../engine/core';

type Json = Record<string, unknown>;

const OPERATORS = ['owner@alfadiesel.example', 'ravi@alfadiesel.example', 'lata@alfadiesel.example'];
const DOCUMENTS = [
  { value: 'client', label: 'Client', words: 'Client Kaveri Agro Industries' },
  { value: 'product', label: 'Product', words: 'Product Engine oil 15W40' },
  { value: 'profile', label: 'Business profile', words: 'Business profile (GST)' },
];
const STARTED = Date.parse('2026-11-02T09:30:00+05:30');
const HOUR_MS = 3_600_000;

/** A plausible change of each kind, by row, so the screen shows field, line and figure changes. */
function sampleChanges(seq: number): AuditEntry['changes'] {
  if (seq % 3 === 1) return [{ kind: 'field', label: 'Total', before: '', after: '1,180.00' }];
  if (seq % 3 === 2) {
    return [
      { kind: 'field', label: 'Address', before: 'Hassan', after: 'Plot 14, MIDC Taloja, Navi Mumbai 410208' },
      { kind: 'line-added', line: 'Engine oil 15W40 × 2 @ 450.00' },
      { kind: 'field', label: 'Total', before: '1,180.00', after: '2,242.00' },
    ];
  }
  return [{ kind: 'line-removed', line: 'Coolant 5L × 1 @ 620.00' }];
}

function sampleEntry(seq: number): AuditEntry {
  const document = DOCUMENTS[seq % DOCUMENTS.length];
  return {
    seq,
    at: new Date(STARTED + seq * 7 * HOUR_MS).toISOString(),
    operator: OPERATORS[seq % OPERATORS.length],
    action: seq % 3 === 1 ? 'create' : 'update',
    unit: 'gst',
    type: document.value,
    billno: 0,
    document: document.words,
    changes: sampleChanges(seq),
  };
}

/** A bill's History in the stories: saved, then edited twice (the address, then a line and the total). */
export function sampleBillHistory(billType: BillType, billno: number): AuditEntry[] {
  const document = `${billType.label} ${billno}`;
  const entry = (seq: number, action: string, changes: AuditEntry['changes']): AuditEntry => ({
    seq,
    at: new Date(STARTED + seq * 26 * HOUR_MS).toISOString(),
    operator: OPERATORS[seq === 1 ? 0 : 1],
    action,
    unit: billType.unit,
    type: billType.type,
    billno,
    document,
    changes,
  });
  return [
    entry(1, 'create', [{ kind: 'field', label: 'Total', before: '', after: '1,000.00' }]),
    entry(2, 'update', [{ kind: 'field', label: 'Address', before: 'Hassan', after: 'Plot 14, MIDC Taloja' }]),
    entry(3, 'update', [
      { kind: 'line-added', line: 'Engine oil 15W40 × 2 @ 450.00' },
      { kind: 'line-changed', line: 'Fuel pump service × 1 @ 1,000.00', label: 'Rate', before: '1,000.00', after: '280.00' },
      { kind: 'field', label: 'Total', before: '1,000.00', after: '1,180.00' },
    ]),
  ];
}

/**
 * The audit trail of the stories (issue 45): `count` rows across three operators and documents, filtered, paged and
 * checked as the server does them.
 */
export function createAuditStore(count: number, broken: boolean) {
  const all = Array.from({ length: count }, (_, index) => sampleEntry(index + 1));
  const matching = (body: Json) =>
    all.filter(
      (entry) =>
        (!body.operator || entry.operator === body.operator) &&
        (!body.document || entry.type === body.document) &&
        (!body.action || entry.action === body.action) &&
        (!body.from || entry.at.slice(0, 10) >= String(body.from)) &&
        (!body.to || entry.at.slice(0, 10) <= String(body.to)),
    );
  const head = `${count}:${'3fa2c9'.repeat(10)}e1d4`;
  return {
    page(body: Json) {
      const page = Number(body.page ?? 1);
      const pageSize = Number(body.pageSize ?? 50);
      const found = matching(body).reverse();
      return {
        entries: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        pageSize,
        operators: count ? OPERATORS : [],
        documents: count ? DOCUMENTS.map(({ value, label }) => ({ value, label })) : [],
        actions: count ? ['create', 'update'] : [],
      };
    },
    csv(body: Json): string {
      const rows = matching(body).map((entry) => [entry.seq, entry.at, entry.operator, entry.action, entry.unit, entry.document, '', ''].join(','));
      return ['Row,When,Operator,Action,Unit,Document,Changes,Hash', ...rows].join('\r\n');
    },
    verify() {
      if (broken) {
        const row = all[Math.min(16, all.length - 1)] ?? sampleEntry(17);
        return { ok: false, rows: count, head, msg: `Row ${row.seq} (29 Nov 2026 10:14, ${row.operator}, update ${row.document}) was changed.` };
      }
      return { ok: true, rows: count, head, msg: `The audit chain of ${count} rows verifies; head ${head}.` };
    },
  };
}
