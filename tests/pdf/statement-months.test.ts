import { beforeAll, describe, expect, it } from 'vitest';
import { renderDocument, statementDocument, unitSeller, type StatementData, type StatementPrintLine } from '../../src/pdf';
import { loadRegistry } from '../../src/server/schema-files';
import { pageCount, pdfText } from './pdf-tools';

const registry = loadRegistry();
const texts = registry.payments!.statement;
const seller = unitSeller(registry.byType('taxinvoice')!.unitInfo);

/** `count` entries of one month, their days spread over it in order; debits or credits of `paise` each. */
function month(count: number, yearMonth: string, days: number, kind: 'debit' | 'credit', paise: number, prefix: string) {
  return Array.from({ length: count }, (_, i) => ({
    date: `${yearMonth}-${String(1 + Math.floor((i * days) / count)).padStart(2, '0')}`,
    particulars: kind === 'debit' ? 'Tax Invoice Bill' : 'Payment received (Cash)',
    number: `${prefix}/${i + 1}`,
    debit: kind === 'debit' ? paise : 0,
    credit: kind === 'credit' ? paise : 0,
  }));
}

/** The statement's lines with their running balance from ₹1,000.00 (what the server's statement carries). */
function statement(entries: Omit<StatementPrintLine, 'balance'>[]): StatementData {
  let balance = 1_000_00;
  const lines = entries.map((entry) => ({ ...entry, balance: (balance += entry.debit - entry.credit) }));
  return {
    clientName: 'Kaveri Agro Industries',
    clientAddress: 'Hosur Road, Bengaluru',
    from: '2026-04-01',
    to: '2026-06-30',
    opening: 1_000_00,
    lines,
    closing: balance,
    ageing: [balance, 0, 0, 0, 0],
    onAccount: 0,
  };
}

// April: 400 bills of ₹100.00; May: 300 payments of ₹50.00; June: 301 bills of ₹10.00. 1,001 entries.
const APRIL = month(400, '2026-04', 30, 'debit', 100_00, 'GI');
const MAY = month(300, '2026-05', 31, 'credit', 50_00, 'R');
const JUNE = month(301, '2026-06', 30, 'debit', 10_00, 'GJ');

describe('a statement of more lines than payments.json prints in full (issue 51)', () => {
  let text: string;
  let pages: number;

  beforeAll(async () => {
    const pdf = await renderDocument(statementDocument(texts, seller, statement([...APRIL, ...MAY, ...JUNE])));
    text = pdfText(pdf);
    pages = pageCount(pdf);
  }, 60_000);

  it('prints a month to a line: dated its last entry, its debits and credits added up, the balance it ended on', () => {
    // Worked by hand: ₹1,000.00 + 400 × ₹100.00 = ₹41,000.00; less 300 × ₹50.00 = ₹26,000.00; plus 301 × ₹10.00 = ₹29,010.00.
    expect(text).toMatch(/30-04-2026\s+April 2026: 400 entries\s+40,000\.00\s+41,000\.00\n/);
    expect(text).toMatch(/31-05-2026\s+May 2026: 300 entries\s+15,000\.00\s+26,000\.00\n/);
    expect(text).toMatch(/30-06-2026\s+June 2026: 301 entries\s+3,010\.00\s+29,010\.00\n/);
    expect(text).toMatch(/Closing balance\s+₹ 29,010\.00/);
  });

  it('says so under the lines, and names no entry of its own', () => {
    expect(text).toContain('1,001 entries, shown a month to a line. Download CSV lists every entry.');
    expect(text).not.toMatch(/GI\/1\b|R\/300\b/);
    expect(pages).toBe(1);
  });
});

describe(`a statement of ${texts.linesInFull} lines`, () => {
  it('prints every entry', async () => {
    const pdf = await renderDocument(statementDocument(texts, seller, statement([...APRIL, ...MAY, ...JUNE.slice(1)])));
    const text = pdfText(pdf);
    expect(text).not.toContain('shown a month to a line');
    expect(text).not.toContain('entries');
    for (const number of ['GI/1', 'GI/400', 'R/1', 'R/300', 'GJ/300']) expect(text).toContain(number);
    expect(pageCount(pdf)).toBeGreaterThan(15);
  }, 60_000);
});
