import { describe, expect, it } from 'vitest';
import { addDays, ageingBucket, billBalance, reminderMessage, whatsAppLink } from '../../src/engine/core';

const bill = { total: 100000, credited: 0, debited: 0, allocated: 0, billDate: '2026-11-01', creditDays: 15, cancelled: false };

describe('a bill\'s balance (issue 29)', () => {
  it('balance = total - credit notes + debit notes - payments; the status follows it and the due date', () => {
    expect(billBalance(bill, '2026-11-16')).toEqual({ total: 100000, paid: 0, balance: 100000, due: '2026-11-16', status: 'unpaid' });
    expect(billBalance(bill, '2026-11-17').status).toBe('overdue');
    expect(billBalance({ ...bill, allocated: 40000 }, '2026-11-10')).toMatchObject({ paid: 40000, balance: 60000, status: 'partlypaid' });
    // 1,000 less a credit note of 300 plus a debit note of 50, 750 paid: nothing left.
    expect(billBalance({ ...bill, credited: 30000, debited: 5000, allocated: 75000 }, '2027-01-01')).toMatchObject({ balance: 0, status: 'paid' });
    expect(billBalance({ ...bill, allocated: 20000, cancelled: true }, '2027-01-01')).toMatchObject({ balance: 0, status: 'cancelled' });
  });

  it('due dates cross months and leap days; ageing buckets by whole days past due', () => {
    expect(addDays('2028-02-20', 10)).toBe('2028-03-01');
    expect(addDays('2027-02-20', 10)).toBe('2027-03-02');
    expect(ageingBucket('2026-11-30', '2026-11-30')).toBe('notdue');
    expect(ageingBucket('2026-11-30', '2026-12-01')).toBe('d1_30');
    expect(ageingBucket('2026-11-30', '2026-12-30')).toBe('d1_30');
    expect(ageingBucket('2026-11-30', '2026-12-31')).toBe('d31_60');
    expect(ageingBucket('2026-11-30', '2027-02-28')).toBe('d61_90');
    expect(ageingBucket('2026-11-30', '2027-03-01')).toBe('d90plus');
  });

  it('the WhatsApp reminder names the overdue bills, the amount and the unit\'s UPI link', () => {
    const spec = { reminder: '{client}: {bills} = {amount} from {company}. {upi}', reminderNoUpi: '{client}: {bills} = {amount}.' };
    const facts = { client: 'Acme', company: 'ALFA DIESEL', bills: ['Invoice Bill 3', 'Invoice Bill 7'], amount: 1234550, upiId: 'alfa@upi' };
    expect(reminderMessage(spec, facts)).toBe(
      'Acme: Invoice Bill 3, Invoice Bill 7 = ₹12,345.50 from ALFA DIESEL. upi://pay?pa=alfa@upi&pn=ALFA%20DIESEL&am=12345.50&cu=INR&tn=Bills%20Invoice%20Bill%203%2C%20Invoice%20Bill%207',
    );
    expect(reminderMessage(spec, { ...facts, upiId: '' })).toBe('Acme: Invoice Bill 3, Invoice Bill 7 = ₹12,345.50.');
    expect(whatsAppLink('+91 98200-12345', 'Hi & bye')).toBe('https://wa.me/919820012345?text=Hi%20%26%20bye');
    expect(whatsAppLink('098200 12345', 'x')).toBe('https://wa.me/919820012345?text=x');
  });
});
